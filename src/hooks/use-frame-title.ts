/**
 * The mini-program's web-view fills the page and is named by the navigation bar's title:
 * there is no frame to name (the H5 build uses use-frame-title.h5.ts).
 */

/** Nothing to do in the mini-program (see the file's comment). */
export function useFrameTitle (_selector: string, _title: string): void {}
