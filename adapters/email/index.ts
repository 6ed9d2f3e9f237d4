/** What the composition root uses from the email adapter. */
export { emailModule } from './email-module';
