import type { OptionSpec } from '../command-spec';

/** The paper a discussion or `why` command is about (its length limit comes from each command's schema). */
export const paperIdOption: OptionSpec = {
  name: 'id',
  type: 'string',
  description: 'e.g. 2410.17243',
  required: true,
  positional: true,
};
