/**
 * A stand-in for a socket.io-client Socket that never connects. test/setup.ts hands it to every unit test
 * of the web app, so rendering a logged-in page opens no network connection; a test of the connection
 * itself mocks socket.io-client in its own file.
 */
export function createOfflineSocket() {
  const socket = {
    active: false,
    connected: false,
    on: () => socket,
    off: () => socket,
    onAny: () => socket,
    offAny: () => socket,
    connect: () => socket,
    disconnect: () => socket,
  };
  return socket;
}
