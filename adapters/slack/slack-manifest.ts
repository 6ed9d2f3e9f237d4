/**
 * What slack-app-manifest.yml says about `/papers`, derived from the subcommand list so the manifest never
 * lists fewer than exist (a test holds the file to it; Slack reads the file, not this code).
 */
export const papersManifestDescription = (subcommands: readonly string[]) =>
  `Daily Papers — ${subcommands.join(', ')}`;
