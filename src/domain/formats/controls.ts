// PRODUCT §15.2: a text file with a control character in it reads as binary to the import (rule
// F7), so the readable part of a download shows each one as its Unicode control picture (U+2400
// to U+241F, U+2421 for DEL); the exact text is in the file's data.

/** `text` with C0 controls other than tab and line breaks, and DEL, shown as control pictures. */
export function showControls(text: string): string {
  return text.replace(/[\p{Cc}]/gu, (character) => {
    const code = character.charCodeAt(0);
    if (code >= 0x09 && code <= 0x0d) return character;
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    return code === 0x7f ? '\u2421' : character;
  });
}
