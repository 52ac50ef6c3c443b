// Theater mode (product §4) as a pure reducer, so each rule is a row of a table test.
//   - the hash play-{id} opens theater mode when no video is active;
//   - selecting another video (a new play hash, a card's play action) makes it the active one;
//   - selecting the active video again turns picture-in-picture off (back to the theater);
//   - any other navigation clears theater mode, unless picture-in-picture is on: then the docked
//     player keeps playing across pages.

export interface TheaterState {
  /** The video in the player, or null when the player is closed. */
  activeVideoId: number | null;
  /** Theater mode: the player fills the screen over the page. */
  theater: boolean;
  /** Picture-in-picture: the player is docked in a corner and survives navigation. */
  pictureInPicture: boolean;
}

export type TheaterEvent =
  /** A play hash arrived, or a card's play action was used. */
  | { type: 'select'; videoId: number }
  /** The page changed (path or query), or the hash left play-{id}. */
  | { type: 'navigate' }
  | { type: 'close' }
  /** Into picture-in-picture (the docked mini player). */
  | { type: 'dock' }
  /** Out of picture-in-picture, back to theater mode. */
  | { type: 'expand' };

export const CLOSED: TheaterState = { activeVideoId: null, theater: false, pictureInPicture: false };

export function theaterReducer(state: TheaterState, event: TheaterEvent): TheaterState {
  switch (event.type) {
    case 'select':
      if (state.activeVideoId === event.videoId) {
        return state.pictureInPicture || !state.theater ? { ...state, theater: true, pictureInPicture: false } : state;
      }
      return { activeVideoId: event.videoId, theater: true, pictureInPicture: false };
    case 'navigate':
      return state.pictureInPicture || state.activeVideoId === null ? state : CLOSED;
    case 'close':
      return state.activeVideoId === null ? state : CLOSED;
    case 'dock':
      return state.activeVideoId === null || state.pictureInPicture ? state : { ...state, theater: false, pictureInPicture: true };
    case 'expand':
      return state.activeVideoId === null || !state.pictureInPicture ? state : { ...state, theater: true, pictureInPicture: false };
    default:
      return state;
  }
}
