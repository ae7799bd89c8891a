// The player page's Mark In, Mark Out and Clip… (shown for a stream or a recording of one): the
// marks stay on the page; Clip… tells the extension where it plays now and the marks, and the
// extension asks which part to cut (the marks, the last 30 s / 2 min) and the clip's name.
import type { FromWebview, PlayerLoad } from '../playerMessages';

export interface ClipMarks {
  /** Shows the buttons for clippable content (marks cleared), hides them otherwise. */
  reset(source: PlayerLoad | undefined): void;
}

/**
 * `position()`: where the video is now, in the unit of the `clip` message (Unix ms of the frame
 * shown on a live stream, ms into a recording).
 */
export function clipMarks(bar: HTMLElement, position: () => number, post: (message: FromWebview) => void): ClipMarks {
  bar.insertAdjacentHTML('beforeend', '<span id="clip"><button id="mark-in">Mark In</button><button id="mark-out">Mark Out</button><button id="clip-now">Clip…</button><span id="marks"></span></span>');
  const clip = bar.querySelector('#clip') as HTMLElement;
  const shown = bar.querySelector('#marks') as HTMLElement;
  let live = false;
  let marks: { in?: number; out?: number } = {};

  const words = (at: number): string => {
    if (live) return new Date(at).toLocaleTimeString();
    const seconds = Math.round(at / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const show = (): void => {
    shown.textContent = [marks.in !== undefined ? `In ${words(marks.in)}` : '', marks.out !== undefined ? `Out ${words(marks.out)}` : ''].filter(Boolean).join(' · ');
  };

  // A mark keeps the other one only when they stay in order.
  (bar.querySelector('#mark-in') as HTMLElement).addEventListener('click', () => {
    const at = position();
    marks = { in: at, ...(marks.out !== undefined && marks.out > at ? { out: marks.out } : {}) };
    show();
  });
  (bar.querySelector('#mark-out') as HTMLElement).addEventListener('click', () => {
    const at = position();
    marks = { ...(marks.in !== undefined && marks.in < at ? { in: marks.in } : {}), out: at };
    show();
  });
  (bar.querySelector('#clip-now') as HTMLElement).addEventListener('click', () => post({ type: 'clip', at: position(), ...marks }));

  return {
    reset(source) {
      live = !!source?.live;
      marks = {};
      show();
      clip.style.display = source?.clippable ? 'inline-flex' : 'none';
    },
  };
}
