// Public surface of the contracts package: zod schemas and types shared by web and server.
export * from "./errors.ts";
export * from "./pagination.ts";
export * from "./articles.ts";
export * from "./labels.ts";
export * from "./slug.ts";
export * from "./format.ts";
export * from "./server-context.ts";
export * from "./auth.ts";
export * from "./users.ts";
export * from "./comments.ts";
export * from "./market.ts";
export * from "./assistant.ts";
export * from "./studio.ts";
