// Copies text to the clipboard: the async Clipboard API where the page may use it, else the
// legacy hidden-textarea + execCommand('copy') (SPEC §8: "copy falls back to a legacy method").
// Rejects when neither works, so the caller can toast the copy error.
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // denied (insecure origin, no permission): try the legacy way
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
  if (!copied) throw new Error('copy failed');
}
