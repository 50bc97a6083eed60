/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it (HTTPS, localhost), else
 * the selected field's text through the older copy command (a page opened at the machine's network
 * address over plain HTTP has no Clipboard API). False when neither worked: the field stays selected.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused: try the field
    }
  }
  field?.focus();
  field?.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
