// QR codes of share links (the profile export's `format=qr` and the subscription page): error
// correction M where the link fits, else L; null past version 40 at L (2,953 bytes).
import QRCode from 'qrcode';

export function qrCodeOf(link: string): { level: 'M' | 'L' } | null {
  for (const level of ['M', 'L'] as const) {
    try {
      QRCode.create(link, { errorCorrectionLevel: level });
      return { level };
    } catch {
      // too long at this level
    }
  }
  return null;
}

/** The SVG QR code of a link, or null when the link is too long for one. */
export async function qrSvgOf(link: string): Promise<string | null> {
  const qr = qrCodeOf(link);
  return qr ? QRCode.toString(link, { type: 'svg', errorCorrectionLevel: qr.level, margin: 2 }) : null;
}
