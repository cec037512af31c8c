import { describe, expect, test } from "vitest";
import { findKeyField } from "../../src/openapi/key-field.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";

const props = (...names: string[]): Record<string, SchemaObject> =>
  Object.fromEntries(names.map((name) => [name, { type: "string" }]));

describe("findKeyField: the property an item path's parameter names", () => {
  test.each([
    ["{username} of the Petstore's users", "username", "user", props("id", "username"), "username"],
    ["{name} of GitHub's labels, not their id", "name", "labels", props("id", "node_id", "name"), "name"],
    ["{issue_number}'s last word", "issue_number", "issues", props("id", "node_id", "number"), "number"],
    ["{team_slug}'s last word", "team_slug", "teams", props("id", "name", "slug"), "slug"],
    ["{petId}'s last word", "petId", "pet", props("id", "name"), "id"],
    ["{space_number} beside an id", "space_number", "copilot-spaces", props("id", "number"), "number"],
    ["{id} of owners as ownerId", "id", "owners", props("ownerId", "name"), "ownerId"],
    ["{username} as GitHub's login", "username", "users", props("id", "login"), "login"],
    ["{org} as GitHub's login", "org", "orgs", props("id", "login"), "login"],
    ["{branch} as the branch's name", "branch", "branches", props("name", "commit"), "name"],
    ["letter case and separators aside", "user_name", "accounts", props("UserName"), "UserName"],
  ])("%s", (_name, parameter, collection, properties, field) => {
    expect(findKeyField({ type: "object", properties }, properties, parameter, collection).field).toBe(field);
  });

  test("x-tooldeck-id wins over every rule", () => {
    const properties = props("id", "name", "code");
    const schema = { type: "object", properties, "x-tooldeck-id": "code" };
    expect(findKeyField(schema, properties, "name", "labels")).toEqual({
      field: "code",
      rule: "named by x-tooldeck-id",
    });
  });

  test("no property matching: none, not id, and why", () => {
    const properties = props("id", "label");
    expect(findKeyField({ type: "object", properties }, properties, "thing", "things")).toEqual({
      field: undefined,
      rule: "no property of the item matches the path parameter {thing}",
    });
  });
});
