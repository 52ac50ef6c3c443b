import dgram from 'node:dgram';

// UDP on 127.0.0.1 for the SFU's exchanges with an ffmpeg on this machine (RTP ingests and taps).

export async function bindLoopback(portNumber = 0): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(portNumber, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}

/** An even port whose next port is free too (ffmpeg reads RTCP on port + 1). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const probe = await bindLoopback();
    const candidate = probe.address().port & ~1;
    probe.close();
    try {
      const a = await bindLoopback(candidate);
      const b = await bindLoopback(candidate + 1);
      a.close();
      b.close();
      return candidate;
    } catch {
      // Taken: try another.
    }
  }
  throw new Error('No free UDP port pair on 127.0.0.1 for the RTP tap');
}
