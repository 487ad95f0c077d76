// POST /api/upload: a signed-in member's image, and POST /api/studio/images: an image for an
// article's text; multipart field `files` (docs/product/api.md#api-upload).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MAX_UPLOAD_BYTES, uploadQuerySchema, uploadResponseSchema } from "@pragmatist/contracts";
import { AppError, ValidationError } from "../../errors.ts";
import { requireUser } from "../../plugins/auth.ts";
import { allow } from "../access/studio-http.ts";
import type { UploadService } from "./upload.service.ts";
import { errorResponses } from "../../http/responses.ts";

const errors = errorResponses(400, 401, 403, 413, 429);

const ONE_FILE = "Send one image in the multipart field files";
const MALFORMED = "The request body is not valid multipart/form-data";

/**
 * What a failure while reading the multipart body becomes: an AppError as it is; the file over
 * 5 MB a 413; anything else a 400. Busboy throws plain errors for a body it cannot parse (no
 * `boundary` parameter, which RFC 7578 §4.1 requires; a truncated body; a malformed part header):
 * the request is wrong, so the answer is a 400, never a 500 (RFC 9110 §15.5.1).
 */
function readFailure(e: unknown, log: FastifyRequest["log"]): AppError {
  if (e instanceof AppError) return e;
  const { statusCode, code } = e as { statusCode?: number; code?: string };
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError(413, "PayloadTooLargeError", "The image must be at most 5 MB", {
      maxBytes: MAX_UPLOAD_BYTES,
    });
  }
  log.info({ err: e }, "multipart body refused");
  // A limit of @fastify/multipart (too many parts, files or fields) has a status; busboy's own
  // parse errors have none.
  return new ValidationError(statusCode === undefined ? MALFORMED : ONE_FILE);
}

/**
 * Reads the single file part named `files`, at most 5 MB. Any other field, a second file, a
 * missing file or a body that is not valid multipart/form-data is a 400; a larger file is a 413,
 * detected while streaming (nothing past the limit is buffered).
 */
async function readOnlyFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new ValidationError(ONE_FILE);
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== "file" || part.fieldname !== "files" || bytes !== null) {
        throw new ValidationError(ONE_FILE, {
          errors: [{ path: [part.fieldname], message: ONE_FILE }],
        });
      }
      bytes = await part.toBuffer();
    }
  } catch (e) {
    throw readFailure(e, req.log);
  }
  if (bytes === null || bytes.length === 0) throw new ValidationError(ONE_FILE);
  return bytes;
}

/** What both upload routes share: their answers, body type, rate limits and tag. */
function uploadSchema(summary: string, tags: string[]) {
  return {
    schema: {
      tags,
      summary,
      consumes: ["multipart/form-data"],
      response: { 201: uploadResponseSchema, ...errors },
    },
    config: { rateLimits: ["upload", "upload-unreadable"] },
  } as const;
}

/**
 * Registers POST /api/upload (with an optional `?crop=x,y,width,height` square, checked by
 * `uploadQuerySchema` before any byte of the body is read) and POST /api/studio/images with `@fastify/multipart` scoped to them
 * (no other route accepts multipart bodies). Both answer 201 with Strapi's bare array
 * `[{ id, url, ... }]`, read by the client at `data[0].id`. /api/upload is for any signed-in
 * member (an avatar, a thumbnail); /api/studio/images for those who write articles (authors,
 * editors, admins: `article.create`), whose images are kept larger and belong to the publication.
 * Callers who may not get 401 or 403 before any byte is read.
 */
export function uploadRoutes(app: FastifyInstance, deps: { uploads: UploadService }) {
  const { uploads } = deps;
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 2,
        fields: 4,
        parts: 6,
        fieldNameSize: 100,
        fieldSize: 1024,
        headerPairs: 20,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const avatarUpload = uploadSchema(
      "Uploads a JPEG, PNG, WebP or GIF (multipart field files, at most 5 MB), cut to the square crop=x,y,width,height when given; stored re-encoded as WebP",
      ["users"],
    );
    r.post(
      "/api/upload",
      {
        preValidation: async (req) => {
          requireUser(req);
        },
        ...avatarUpload,
        schema: { ...avatarUpload.schema, querystring: uploadQuerySchema },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const read = () => readOnlyFile(req);
        const file = await uploads.uploadAvatar(user.id, read, req.query.crop);
        return reply.status(201).send([file]);
      },
    );
    r.post(
      "/api/studio/images",
      {
        preValidation: allow("article.create"),
        ...uploadSchema(
          "Uploads an image for an article's text (writers; multipart field files, JPEG, PNG, WebP or GIF, at most 5 MB); stored as WebP of at most 1600 px",
          ["studio"],
        ),
      },
      async (req, reply) => {
        const user = requireUser(req);
        const file = await uploads.uploadArticleImage(user.id, () => readOnlyFile(req));
        return reply.status(201).send([file]);
      },
    );
  });
}
