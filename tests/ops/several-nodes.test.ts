import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runToExit, serverEnv } from './helpers/child-server.ts';
import { twoNodeSuite } from './helpers/two-nodes.ts';

// Two app nodes on one SQLite file in WAL mode (decision 152); the tests are in helpers/two-nodes.ts.
twoNodeSuite('sqlite', (nodes) => {
  describe('operations on the shared folder while the nodes run', () => {
    it('refuses a restore from a third node folder, changing nothing', async () => {
      const { a, b, root, shared } = nodes();
      const run = await runToExit(
        ['scripts/restore.ts', 'sbsa-20260101-000000.sqlite'],
        serverEnv(join(root, 'c'), { SHARED_DIR: shared }),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('모든 노드를 멈춘 뒤에 다시 시도하세요');
      // both nodes answer as before
      expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    });
  });
});
