/** Hono environment of the API: what middleware puts on the context. */
export type AppEnv = { Variables: { userId: number | undefined } };
