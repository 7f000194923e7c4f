/** The languages of the portal's screens, mail and papers. Kept apart from the zod schemas, so a client that only needs
 * the list (the sign-in page) does not load zod. */
export const LANGUAGES = ['en', 'hi', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];
