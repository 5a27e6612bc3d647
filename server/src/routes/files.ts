// Serves stored files. Avatars are public by design: an <img> cannot send the Authorization
// header, and their ids are random uuids that change with every upload, so a URL can be cached
// forever and reveals nothing unless it was handed out.
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { V } from '../../../src/contract';
import { HttpError } from '../http/errors';
import { yupSchema } from '../http/validation';

const fileParams = yup.object({ id: yup.string().required(V.required).uuid(V.checkInput) });

export async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: yup.InferType<typeof fileParams> }>(
    '/files/avatars/:id',
    { schema: { tags: ['account'], summary: 'An avatar image (public, immutable)', params: yupSchema(fileParams) } },
    async (request, reply) => {
      const file = await request.repos.files.get(request.params.id);
      if (!file || file.kind !== 'avatar') throw HttpError.notFound('File not found');
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type(file.mime).send(file.bytes);
    },
  );
}
