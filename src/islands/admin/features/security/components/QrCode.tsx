import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * The otpauth address as a QR code for the authenticator app's camera: an SVG made in the browser
 * by `uqr` (decision 147), shown as an image so no markup is injected.
 */
export function QrCode({ text }: { text: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2 }))}`,
    [text],
  );
  return (
    <img
      className="totp-qr"
      src={src}
      width={200}
      height={200}
      alt="인증 앱으로 찍을 2단계 인증 QR 코드"
    />
  );
}
