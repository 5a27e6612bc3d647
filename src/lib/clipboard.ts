// Copying a key, a link or a ciphertext (docs/product.md §8 "a copy error (copy falls back to a legacy method)"):
// the async Clipboard API where the page may use it, else a hidden textarea with execCommand('copy').
// Rejects when neither works, so the caller can toast the copy error.
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // not permitted (insecure origin, no focus): fall through to the legacy way
    }
  }
  legacyCopy(text);
}

function legacyCopy(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetBlockStart = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
  if (!ok) throw new Error('copy failed');
}
