/** What the composition root uses from the console adapter. */
export { consoleModule } from './console-module';
