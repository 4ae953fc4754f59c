import fastifyMultipart from '@fastify/multipart';
import { PLANS } from '@rl/contract';
import type { FastifyInstance } from 'fastify';

/** Multipart parsing of an upload: one file, at most the largest plan's size (+1 to tell it was over). */
const MULTIPART_OPTIONS = {
  limits: {
    fileSize: PLANS.paid_v0.upload_max_bytes + 1,
    files: 1,
    fields: 10,
    fieldSize: 1024,
    parts: 20,
    headerPairs: 100,
  },
  throwFileSizeLimit: false,
};

/** Multipart bodies (the uploads of users and of the console) in this plugin scope only. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, MULTIPART_OPTIONS);
}
