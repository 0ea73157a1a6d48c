import { useEffect, useRef } from 'react';
import { navigate } from '../../../router/location-store.ts';
import { adminPaths } from '../../../paths.ts';
import { getTotpState } from '../api/totp.ts';

/**
 * A manager whose association requires a second factor and who has none is taken to the set-up
 * screen: the server refuses his writes until then (decision 147). Asked again on each screen
 * until the answer is "not required", so enabling it lets him go on at once.
 */
export function useSetupGate(pathname: string): void {
  const free = useRef(false);
  useEffect(() => {
    if (free.current || pathname === adminPaths.security) return;
    let live = true;
    getTotpState().then(
      (state) => {
        if (!state.setupRequired) free.current = true;
        else if (live) navigate(adminPaths.security, { replace: true });
      },
      // the screen's own calls say what went wrong
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pathname]);
}
