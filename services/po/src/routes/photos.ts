/**
 * Invoice photos of a PO (decision 0035): uploaded on site before the receipt that names them
 * (POST /po/{id}/photos), and served back to those who may see the PO.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams, MAX_PHOTO_BYTES, PhotoResponse, PO_MESSAGES } from '@erp/contracts';
import { conflict, HttpError, notFound, requireAccess, type TypeBoxTypeProvider } from '@erp/service-kit';
import { photoFileName } from '../domain/photo.js';
import { keptPhoto, readUploadedPhoto } from '../plugins/photos.js';
import { route, RECEIVE, requirePoRead, visiblePo, type PoRouteDeps } from './po.js';

const PhotoParams = Type.Object({ id: IdParams.properties.id, photoId: IdParams.properties.id });

/**
 * The photo routes, and the multipart parser uploads use (registered in the context every PO route
 * shares; app.ts registers these routes first, as the parser was before any route).
 */
export async function photoRoutes(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  const { ctx, pos } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6 } });

  r.post(
    '/po/:id/photos',
    route(RECEIVE, { params: IdParams, consumes: ['multipart/form-data'] }, { 201: PhotoResponse }),
    async (request, reply) => {
      const auth = requireAccess(request, RECEIVE.module, RECEIVE.sub, RECEIVE.level);
      const po = await visiblePo(pos, ctx.db, auth, request.params.id);
      if (po.status === 'Closed') throw conflict(PO_MESSAGES.closed);
      const jpeg = await keptPhoto(await readUploadedPhoto(request));
      const id = randomUUID();
      const limit = deps.unattachedPhotosPerHour;
      const by = { id: auth.memberId, name: auth.name };
      const stored = await pos.insertPhotoWithin(
        ctx.db,
        { id, poId: po._id, contentType: 'image/jpeg', bytes: jpeg, by },
        ctx.db.kind,
        limit,
      );
      if (!stored) throw new HttpError(429, PO_MESSAGES.photoRate(limit));
      reply.status(201);
      return { _id: id, contentType: 'image/jpeg' as const, size: jpeg.length };
    },
  );

  r.get(
    '/po/:id/photos/:photoId',
    // Signed-in here; PO List or Open POs read and the project are checked in the handler (as GET /po/{id}).
    { config: { access: 'signed-in' }, schema: { tags: ['po'], params: PhotoParams } },
    async (request, reply) => {
      const auth = requirePoRead(request);
      const po = await visiblePo(pos, ctx.db, auth, request.params.id);
      const photo = await pos.photo(ctx.db, po._id, request.params.photoId.toLowerCase());
      if (!photo) throw notFound('Photo not found');
      reply.type(photo.contentType);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      // Opened on its own, the photo is an image and nothing else: no script, no styles, no frames.
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header(
        'content-disposition',
        `inline; filename="${photoFileName(po.poNumber, photo.contentType)}"`,
      );
      return reply.send(photo.bytes);
    },
  );
}
