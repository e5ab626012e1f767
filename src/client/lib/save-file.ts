// PRODUCT §15.2: a file made in the browser handed to it as a download; nothing is sent anywhere.

export interface FileToSave {
  name: string;
  type: string;
  /** The file's text, or its bytes (a picture). */
  text: string | Blob;
}

export function saveFile({ name, type, text }: FileToSave): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
