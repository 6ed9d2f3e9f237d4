/**
 * Discord's message limits, enforced the way Discord answers: HTTP 400, code 50035 "Invalid Form Body"
 * with the offending paths. The bot's handling of limits is only tested if the fake refuses what Discord would.
 */
import type { Json } from './fake-types';

export interface Problem {
  path: string;
  code: string;
  message: string;
}

const MAX = {
  content: 2000,
  embeds: 10,
  total: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  rows: 5,
  buttons: 5,
  label: 80,
  customId: 100,
  nonce: 25,
  url: 2048,
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const isHttpUrl = (value: unknown) =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value) && value.length <= MAX.url;

function checkLength(problems: Problem[], path: string, value: unknown, max: number, required = false) {
  if (value === undefined || value === null) {
    if (required) problems.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return;
  }
  const text = str(value);
  if (required && text.length === 0)
    problems.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  if (text.length > max) {
    problems.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
}

function embedProblems(embed: Json, index: number, problems: Problem[]): number {
  const at = (key: string) => `embeds.${index}.${key}`;
  checkLength(problems, at('title'), embed.title, MAX.title);
  checkLength(problems, at('description'), embed.description, MAX.description);
  const footer = (embed.footer ?? {}) as Json;
  const author = (embed.author ?? {}) as Json;
  if (embed.footer) checkLength(problems, at('footer.text'), footer.text, MAX.footer, true);
  if (embed.author) checkLength(problems, at('author.name'), author.name, MAX.author, true);
  for (const key of ['url'] as const) {
    if (embed[key] !== undefined && !isHttpUrl(embed[key]))
      problems.push({ path: at(key), code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' });
  }
  for (const key of ['thumbnail', 'image'] as const) {
    const media = embed[key] as Json | undefined;
    if (media && !isHttpUrl(media.url))
      problems.push({
        path: at(`${key}.url`),
        code: 'URL_TYPE_INVALID_URL',
        message: 'Not a well formed URL.',
      });
  }
  const fields = (embed.fields ?? []) as Json[];
  if (fields.length > MAX.fields)
    problems.push({
      path: at('fields'),
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${MAX.fields} or fewer in length.`,
    });
  let total =
    str(embed.title).length +
    str(embed.description).length +
    str(footer.text).length +
    str(author.name).length;
  fields.forEach((field, i) => {
    checkLength(problems, at(`fields.${i}.name`), field.name, MAX.fieldName, true);
    checkLength(problems, at(`fields.${i}.value`), field.value, MAX.fieldValue, true);
    total += str(field.name).length + str(field.value).length;
  });
  return total;
}

function componentProblems(rows: Json[], problems: Problem[]) {
  if (rows.length > MAX.rows)
    problems.push({
      path: 'components',
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 5 or fewer in length.',
    });
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    const buttons = (row.components ?? []) as Json[];
    if (row.type !== 1 || buttons.length === 0 || buttons.length > MAX.buttons) {
      problems.push({
        path: `components.${r}`,
        code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        message: 'Invalid action row.',
      });
    }
    buttons.forEach((button, b) => {
      const at = `components.${r}.components.${b}`;
      checkLength(problems, `${at}.label`, button.label, MAX.label);
      if (button.style === 5) {
        if (!isHttpUrl(button.url) || button.custom_id !== undefined)
          problems.push({ path: `${at}.url`, code: 'BUTTON_COMPONENT_INVALID_URL', message: 'Invalid url.' });
        return;
      }
      const id = str(button.custom_id);
      if (!id || id.length > MAX.customId)
        problems.push({
          path: `${at}.custom_id`,
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 100 in length.',
        });
      if (ids.has(id))
        problems.push({
          path: `${at}.custom_id`,
          code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
          message: 'Component custom id cannot be duplicated',
        });
      ids.add(id);
    });
  });
}

/** Problems with a message body (create or edit). Creates must not be empty. */
export function messageProblems(body: Json, { create }: { create: boolean }): Problem[] {
  const problems: Problem[] = [];
  checkLength(problems, 'content', body.content, MAX.content);
  const embeds = (body.embeds ?? []) as Json[];
  if (embeds.length > MAX.embeds)
    problems.push({
      path: 'embeds',
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 10 or fewer in length.',
    });
  const total = embeds.reduce((sum, embed, i) => sum + embedProblems(embed, i, problems), 0);
  if (total > MAX.total)
    problems.push({
      path: 'embeds',
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: 'Embed size exceeds maximum size of 6000',
    });
  componentProblems((body.components ?? []) as Json[], problems);
  if (body.nonce !== undefined && String(body.nonce).length > MAX.nonce) {
    problems.push({ path: 'nonce', code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  }
  if (body.enforce_nonce === true && body.nonce === undefined)
    problems.push({ path: 'nonce', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  if (
    create &&
    !str(body.content) &&
    embeds.length === 0 &&
    ((body.components ?? []) as Json[]).length === 0
  ) {
    problems.push({ path: 'content', code: 'EMPTY_MESSAGE', message: 'Cannot send an empty message' });
  }
  return problems;
}

/** Discord's 400 body for invalid input. */
export const invalidFormBody = (problems: Problem[]) => ({
  code: problems.some((problem) => problem.code === 'EMPTY_MESSAGE') && problems.length === 1 ? 50006 : 50035,
  message:
    problems.length === 1 && problems[0]?.code === 'EMPTY_MESSAGE'
      ? 'Cannot send an empty message'
      : 'Invalid Form Body',
  errors: Object.fromEntries(
    problems.map((problem) => [
      problem.path,
      { _errors: [{ code: problem.code, message: problem.message }] },
    ]),
  ),
});

export function choicesProblems(choices: unknown): Problem[] {
  if (!Array.isArray(choices))
    return [{ path: 'data.choices', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }];
  const problems: Problem[] = [];
  if (choices.length > 25)
    problems.push({
      path: 'data.choices',
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 25 or fewer in length.',
    });
  (choices as Json[]).forEach((choice, i) => {
    checkLength(problems, `data.choices.${i}.name`, choice.name, 100, true);
    if (typeof choice.value === 'string')
      checkLength(problems, `data.choices.${i}.value`, choice.value, 100, true);
  });
  return problems;
}
