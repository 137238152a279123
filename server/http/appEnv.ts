/** Hono environment of the API: what middleware puts on the context (the user, their session's token hash, the request id). */
export type AppEnv = { Variables: { userId: number | undefined; sessionHash: string | undefined; requestId: string } };
