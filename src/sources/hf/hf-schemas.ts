import { z } from 'zod';

/**
 * Permissive schemas for the Hugging Face papers API: unknown fields pass through untouched, optional
 * fields may be null or missing. Only what paperboy needs is required.
 */
const optionalString = z.string().nullish();
const count = z.number().int().nonnegative().nullish();

const hfAuthor = z.looseObject({
  name: z.string(),
  hidden: z.boolean().nullish(),
});

const hfUser = z.looseObject({
  name: optionalString,
  fullname: optionalString,
});

const mediaUrls = z.array(z.string()).nullish();

const hfOrganization = z.looseObject({
  name: z.string(),
  fullname: optionalString,
  avatar: optionalString,
});

export const hfPaperSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string().nullish(),
  authors: z.array(hfAuthor).nullish(),
  publishedAt: z.string(),
  submittedOnDailyAt: optionalString,
  upvotes: count,
  numComments: count,
  projectPage: optionalString,
  githubRepo: optionalString,
  githubStars: count,
  ai_summary: optionalString,
  ai_keywords: z.array(z.string()).nullish(),
  organization: hfOrganization.nullish(),
  thumbnail: optionalString,
  discussionId: optionalString,
  mediaUrls,
  submittedOnDailyBy: hfUser.nullish(),
});

/** A `/api/daily_papers` item: the paper plus listing fields. */
export const hfDailyItemSchema = z.looseObject({
  paper: hfPaperSchema,
  title: optionalString,
  summary: optionalString,
  thumbnail: optionalString,
  numComments: count,
  organization: hfOrganization.nullish(),
  mediaUrls,
  submittedBy: hfUser.nullish(),
});

export type HfPaper = z.infer<typeof hfPaperSchema>;
export type HfDailyItem = z.infer<typeof hfDailyItemSchema>;
