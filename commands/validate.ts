import type { z } from 'zod';
import { PaperboyError } from '../src/errors';
import type { OptionValue } from './command-spec';

/** Validates raw options with a zod schema; a failure is an `invalid_input` error listing every problem. */
export function validateOptions<T extends z.ZodType>(
  schema: T,
  options: Record<string, OptionValue>,
): z.infer<T> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const option = issue.path.join('.');
    return issue.code === 'custom' || !option || issue.message.includes(option)
      ? issue.message
      : `${option}: ${issue.message}`;
  });
  throw new PaperboyError('invalid_input', problems.join('\n'));
}
