/** The SHA-256 of a file, computed in the browser (Web Crypto): the file never leaves the device. */

function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** Lower-case hex, as the verify answer gives the issued file's. */
export async function sha256Hex(file: Blob): Promise<string> {
  // A view over the bytes: Web Crypto takes it whichever realm made the buffer.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await readBytes(file)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
