import { describe, expect, test } from "vitest";
import { createRecordedTrafficEmulator } from "../../../src/emulator/traffic/recorded-traffic-emulator.js";
import { isInProcessFetch } from "../../../src/net/fetch-like.js";
import { exchange } from "../../support/exchange.js";

const API = "https://api.mycompany.com";

describe("createRecordedTrafficEmulator", () => {
  const fetch = createRecordedTrafficEmulator([
    exchange("GET", `${API}/events?a=1&b=2`, 200, [{ id: "1" }]),
    exchange("POST", `${API}/events`, 201, { id: "7" }, { name: "Demo", date: "2024-08-01" }),
    exchange("GET", `${API}/events/7`, 200, { id: "7", v: 1 }),
    exchange("GET", `${API}/events/7`, 200, { id: "7", v: 2 }),
    exchange("DELETE", `${API}/events/7`, 204),
  ]);

  test("answers a recorded call: query in any order, a JSON body compared as data", async () => {
    expect(await (await fetch(`${API}/events?b=2&a=1`)).json()).toEqual([{ id: "1" }]);
    const created = await fetch(`${API}/events`, {
      method: "POST",
      body: '{ "date": "2024-08-01", "name": "Demo" }',
    });
    expect([created.status, await created.json()]).toEqual([201, { id: "7" }]);
    expect((await fetch(`${API}/events/7`, { method: "DELETE" })).status).toBe(204);
  });

  test("the same call gets the recorded answers in order, then the last again", async () => {
    const versions = [];
    for (let i = 0; i < 3; i++) versions.push((await (await fetch(`${API}/events/7`)).json()).v);
    expect(versions).toEqual([1, 2, 2]);
  });

  test("a call never recorded is 404 naming it; every host is answered in-process", async () => {
    const answer = await fetch(`${API}/events`, { method: "PUT", body: "{}" });
    expect(answer.status).toBe(404);
    expect((await answer.json()).detail).toBe(
      `no recorded exchange for PUT ${API}/events: the traffic the scenario replays never had this call`,
    );
    expect(isInProcessFetch(fetch, "http://169.254.169.254/latest")).toBe(true);
  });
});
