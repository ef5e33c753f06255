// The image's HEALTHCHECK (deploy/Dockerfile), for both of its commands: healthy when the API
// (API_PORT) or the storefront (WEB_PORT) in this container answers /healthz with 200. Plain
// JavaScript, no dependencies: it runs as the container's own node, in well under 0.1 s.
// biome-ignore lint/style/noProcessEnv: the container's own ports, outside both apps' config.
const ports = [process.env.API_PORT || '4000', process.env.WEB_PORT || '3000'];

const healthy = (port) =>
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })
    .then((response) => response.ok)
    .catch(() => false);

const answers = await Promise.all(ports.map(healthy));
process.exit(answers.includes(true) ? 0 : 1);
