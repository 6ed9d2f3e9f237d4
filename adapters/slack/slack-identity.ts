/** Who the bot is in one workspace. */
export interface SlackIdentity {
  botId: string | null;
  botUserId: string | null;
  /** Workspace URL from auth.test (`https://team.slack.com/`), for permalinks. */
  teamUrl: string | null;
}
