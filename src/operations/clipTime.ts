// A clip's times as people type and read them (mm:ss into a session): the clip rules, the commands and the tools share them.

/** "mm:ss" (or "h:mm:ss", or plain seconds) as milliseconds; undefined when it is not a time. */
export function parseClipTime(text: string): number | undefined {
  const parts = text.trim().split(':');
  if (!parts.length || parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return undefined;
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return Math.round(seconds * 1000);
}

/** "mm:ss" of milliseconds. */
export function clipTimeWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
