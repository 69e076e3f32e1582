import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * A tiny forward proxy that connects to the app from a chosen loopback address
 * (127.0.0.x), so each browser context reaches the gateway from its own client IP, the
 * way different visitors do. Plain HTTP (and CONNECT tunnels) only: that is all the local gateway speaks.
 */
export async function startIpProxy(localAddress: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('absolute URL expected');
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        headers: request.headers,
        localAddress,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  // Playwright's API client tunnels even plain HTTP through CONNECT.
  server.on('connect', (request, client, head) => {
    const [, port] = (request.url ?? '').split(':');
    const upstream = net.connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
