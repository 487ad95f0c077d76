// The benchmark baseline: a bare node:http server returning a fixed 2 KB JSON body.
import http from "node:http";

const item = {
  id: 1,
  title: "Baseline item with a plain title",
  slug: "baseline-item",
  clicks: 42,
};
const items = [];
let body = "";
while (body.length < 2048) {
  items.push({ ...item, id: items.length + 1 });
  body = JSON.stringify({ data: items });
}
const payload = Buffer.from(
  body
    .slice(0, 2048)
    .replace(/,[^,]*$/, "]}")
    .padEnd(2048, " "),
);

const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": payload.length });
  res.end(payload);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stdout.write(`listening ${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
