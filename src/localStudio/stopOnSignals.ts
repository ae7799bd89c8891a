/**
 * Closes the running studio once on Ctrl+C or SIGTERM (and on `stop()` itself), then exits: 0 when
 * it closed, 1 with the error when it did not. Shared by the product's CLI and the repository's own.
 */
export function stopOnSignals(close: () => Promise<unknown>): () => void {
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return stop;
}
