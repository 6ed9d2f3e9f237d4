/** What the composition root uses from the Slack adapter. */
export { createSlackAdapter, type SlackAdapter, type SlackAdapterOptions } from './slack-adapter';
export { slackAdapterOptions } from './slack-config';
