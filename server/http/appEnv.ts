/** Hono environment of the API: what middleware puts on the context (the user and their session's token hash). */
export type AppEnv = { Variables: { userId: number | undefined; sessionHash: string | undefined } };
