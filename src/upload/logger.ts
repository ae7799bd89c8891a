/** Where the queue writes what happened (VS Code's LogOutputChannel in the extension). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
