import { beforeAll, describe, expect, test } from "vitest";
import {
  collectionUrl,
  itemTemplateUrl,
  itemUrl,
  planWrite,
  type WritePlan,
} from "../../../src/lint/probe/write-plan.js";
import { loadSpec } from "../../../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";

const ok = { responses: { "200": { description: "ok" } } };
const json = (properties: Record<string, unknown>) => ({
  requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
  ...ok,
});

/** Pets under owners, a store whose orders cannot be deleted, a PUT naming its pet in the body. */
const SHOP = {
  openapi: "3.1.0",
  info: { title: "Shop", version: "1" },
  servers: [{ url: "https://shop.example.com/v2" }],
  paths: {
    "/owners/{ownerId}/pets": { post: json({ name: { type: "string" } }) },
    "/owners/{ownerId}/pets/{petId}": { get: ok, delete: ok },
    "/orders": { post: json({ item: { type: "string" } }) },
    "/orders/{orderId}": { get: ok, patch: json({ item: { type: "string" } }) },
    "/pet": { put: json({ id: { type: "integer" }, name: { type: "string" } }) },
    "/pet/{id}": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": { schema: { type: "object", properties: { id: { type: "integer" } } } },
            },
          },
        },
      },
    },
    "/login": { post: ok },
    "/tags/{tag}": { delete: ok },
  },
};

let events: OperationIndex;
let shop: OperationIndex;
beforeAll(async () => {
  events = createOperationIndex(await loadSpec(packagePath("tools", "event-api.openapi.yaml")));
  shop = createOperationIndex(await loadSpec(SHOP));
});

/** A plan as one line: what it does, or why not. */
function describePlan(plan: WritePlan): string {
  if (plan.kind === "skip") return `skip: ${plan.reason}`;
  const make = plan.kind === "change" ? `make ${plan.make.method} ${collectionUrl(plan)}, ` : "";
  return `${plan.kind}: ${make}remove ${plan.remove.method} ${itemTemplateUrl(plan)}`;
}

describe("planWrite: how a write to a real service is probed and undone", () => {
  test.each([
    ["POST", "http://127.0.0.1:5566/events", "create: remove DELETE http://127.0.0.1:5566/events/{id}"],
    [
      "PATCH",
      "http://127.0.0.1:5566/events/1",
      "change: make POST http://127.0.0.1:5566/events, remove DELETE http://127.0.0.1:5566/events/{id}",
    ],
    [
      "DELETE",
      "http://127.0.0.1:5566/events/1?reason=x",
      "change: make POST http://127.0.0.1:5566/events, remove DELETE http://127.0.0.1:5566/events/{id}",
    ],
    [
      "PUT",
      "http://127.0.0.1:5566/events",
      "skip: PUT /events is not an operation of Event Management API, so nothing would undo it",
    ],
    [
      "DELETE",
      "http://127.0.0.1:5566/everything",
      "skip: DELETE /everything is not an operation of Event Management API, so nothing would undo it",
    ],
  ])("event API: %s %s", (method, url, expected) => {
    expect(describePlan(planWrite({ method, url }, events))).toBe(expected);
  });

  test.each([
    [
      "POST",
      "https://shop.example.com/v2/owners/5/pets",
      "create: remove DELETE https://shop.example.com/v2/owners/5/pets/{petId}",
    ],
    [
      "DELETE",
      "https://shop.example.com/v2/owners/5/pets/9",
      "change: make POST https://shop.example.com/v2/owners/5/pets, remove DELETE https://shop.example.com/v2/owners/5/pets/{petId}",
    ],
    [
      "POST",
      "https://shop.example.com/v2/orders",
      "skip: Shop has no DELETE /orders/{orderId} to remove what it would make",
    ],
    [
      "PATCH",
      "https://shop.example.com/v2/orders/3",
      "skip: Shop has no DELETE /orders/{orderId} to remove the item made for it",
    ],
    [
      "DELETE",
      "https://shop.example.com/v2/tags/red",
      "skip: Shop has no POST /tags to make the item it would delete",
    ],
    [
      "PUT",
      "https://shop.example.com/v2/pet",
      "skip: PUT /pet names its item in the body, and tooldeck makes items only for writes whose path names them",
    ],
    [
      "POST",
      "https://shop.example.com/v2/login",
      "skip: POST /login is no create, update or delete of an item of Shop (not a collection/item pair), so nothing would undo it",
    ],
  ])("a spec with nested, undeletable and body-named items: %s %s", (method, url, expected) => {
    expect(describePlan(planWrite({ method, url }, shop))).toBe(expected);
  });

  test("without a spec nothing can be undone", () => {
    expect(describePlan(planWrite({ method: "POST", url: "http://127.0.0.1:5566/events" }, undefined))).toBe(
      "skip: no OpenAPI description says how to make the item it acts on or remove what it makes (give --spec)",
    );
  });

  test("under --base-url the spec's paths start after it, whatever its servers say", () => {
    const plan = planWrite(
      { method: "DELETE", url: "http://127.0.0.1:9000/api/events/1" },
      events,
      "http://127.0.0.1:9000/api/",
    );
    expect(describePlan(plan)).toBe(
      "change: make POST http://127.0.0.1:9000/api/events, remove DELETE http://127.0.0.1:9000/api/events/{id}",
    );
    const beside = planWrite(
      { method: "DELETE", url: "http://127.0.0.1:9000/apix/events/1" },
      events,
      "http://127.0.0.1:9000/api",
    );
    expect(describePlan(beside)).toBe(
      "skip: DELETE /apix/events/1 is not an operation of Event Management API, so nothing would undo it",
    );
  });

  test("an id with URL syntax in it stays one path segment", () => {
    const plan = planWrite({ method: "DELETE", url: "http://127.0.0.1:5566/events/1" }, events);
    if (plan.kind === "skip") throw new Error(plan.reason);
    expect(itemUrl(plan, "../admin?x=1#y")).toBe("http://127.0.0.1:5566/events/..%2Fadmin%3Fx%3D1%23y");
  });
});
