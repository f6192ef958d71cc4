import { randomUUID } from 'node:crypto';

/** A multipart body with one file in the field `field` ("file"), as a browser's upload sends it. */
export function multipart(
  fileName: string,
  content: Buffer | string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----erp${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
