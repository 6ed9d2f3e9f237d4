/** What the composition root and the tests use from the Slack adapter. */
export { createSlackAdapter, type SlackAdapter, type SlackAdapterOptions } from './slack-adapter';
export { slackAdapterOptions } from './slack-config';
export { slackModule } from './slack-module';
