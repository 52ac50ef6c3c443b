import type { FastifyRequest } from 'fastify';
import { BO_UPLOAD_MAX_BYTES, BO_UPLOAD_MAX_FILES } from '@velora/shared';
import { badRequest, HttpError } from '../../lib/http-error';

// Reads the files of a multipart/form-data upload (@fastify/multipart, decision record 075) into memory, within the
// limits; what is in them is judged afterwards, by content. Any error names the files field, never a 500.

const MB = 1024 * 1024;

export async function readUploadedFiles(request: FastifyRequest, maxFiles = BO_UPLOAD_MAX_FILES): Promise<Array<{ name: string; data: Buffer }>> {
  if (!request.isMultipart()) throw badRequest('Send the pictures as multipart/form-data', { files: 'Must be a multipart/form-data body of files' });
  const files: Array<{ name: string; data: Buffer }> = [];
  let current = '';
  try {
    for await (const part of request.files({ limits: { fileSize: BO_UPLOAD_MAX_BYTES, files: maxFiles, fields: 10, parts: maxFiles + 10 } })) {
      current = part.filename || `file ${files.length + 1}`;
      files.push({ name: current, data: await part.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `"${current}" is larger than ${BO_UPLOAD_MAX_BYTES / MB} MB`;
      throw new HttpError(413, 'FILE_TOO_LARGE', message, { files: message });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      const message = `At most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at a time`;
      throw new HttpError(413, 'TOO_MANY_FILES', message, { files: message });
    }
    throw badRequest('The upload could not be read: send it again', { files: 'Must be a well-formed multipart/form-data body' });
  }
  if (files.length === 0) throw badRequest('Choose at least one picture', { files: 'Required' });
  return files;
}
