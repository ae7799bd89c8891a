// The player page's Mark In, Mark Out and Clip… (shown for a stream or a recording of one): the
// marks stay on the page; Clip… tells the extension where it plays now and the marks, and the
// extension asks which part to cut (the marks, the last 30 s / 2 min) and the clip's name.
import * as l10n from '@vscode/l10n';
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
  bar.insertAdjacentHTML('beforeend', '<span id="clip"><button id="mark-in"></button><button id="mark-out"></button><button id="clip-now"></button><span id="marks"></span></span>');
  const clip = bar.querySelector('#clip') as HTMLElement;
  const button = (id: string, text: string): HTMLElement => {
    const found = bar.querySelector(`#${id}`) as HTMLElement;
    found.textContent = text;
    return found;
  };
  const markIn = button('mark-in', l10n.t('Mark In'));
  const markOut = button('mark-out', l10n.t('Mark Out'));
  const clipNow = button('clip-now', l10n.t('Clip…'));
  const shown = bar.querySelector('#marks') as HTMLElement;
  let live = false;
  let marks: { in?: number; out?: number } = {};

  const words = (at: number): string => {
    if (live) return new Date(at).toLocaleTimeString();
    const seconds = Math.round(at / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const show = (): void => {
    shown.textContent = [marks.in !== undefined ? l10n.t('In {0}', words(marks.in)) : '', marks.out !== undefined ? l10n.t('Out {0}', words(marks.out)) : ''].filter(Boolean).join(' · ');
  };

  // A mark keeps the other one only when they stay in order.
  markIn.addEventListener('click', () => {
    const at = position();
    marks = { in: at, ...(marks.out !== undefined && marks.out > at ? { out: marks.out } : {}) };
    show();
  });
  markOut.addEventListener('click', () => {
    const at = position();
    marks = { ...(marks.in !== undefined && marks.in < at ? { in: marks.in } : {}), out: at };
    show();
  });
  clipNow.addEventListener('click', () => post({ type: 'clip', at: position(), ...marks }));

  return {
    reset(source) {
      live = !!source?.live;
      marks = {};
      show();
      clip.style.display = source?.clippable ? 'inline-flex' : 'none';
    },
  };
}
