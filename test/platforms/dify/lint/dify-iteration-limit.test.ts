import { difyIterationLimit } from "../../../../src/platforms/dify/lint/dify-iteration-limit.js";
import { testRule } from "../../../lint/support/test-rule.js";
import { AGENT, configOf } from "../api-tool/api-tool-support.js";

const SPEC = "test/platforms/dify/api-tool/fixtures/shop.openapi.yaml";
const shop = (name: string, maximumIterations: number, node = AGENT.node) =>
  configOf(name, { provider: "shop", spec: SPEC, agent: { ...AGENT, node, maximumIterations } });

const REFUSED =
  'updateItem needs the {id} that listItems (GET /v1/items) returns, a second round of calls, but Agent "Agent" allows 2 rounds and refuses calls on its last: "Maximum iteration limit (2) reached. Cannot call tool \'updateItem\'."';

testRule(difyIterationLimit, [
  {
    name: "fact 89: at 2 rounds, PUT /items/{id} beside GET /items is refused on the last round",
    config: shop("updateItem", 2),
    others: [shop("listItems", 2)],
    expected: [`warning agent.maximumIterations: ${REFUSED}`],
  },
  {
    name: "3 rounds leave one for each call of the chain",
    config: shop("updateItem", 3),
    others: [shop("listItems", 3)],
    expected: [],
  },
  {
    name: "the listing tool belongs to another Agent: no chain in this one",
    config: shop("updateItem", 2),
    others: [shop("listItems", 2, "another agent")],
    expected: [],
  },
  {
    name: "the {id} is fixed in the node (auto: 0): no lookup round, the chain fits in 2",
    config: configOf("updateItem", {
      provider: "shop",
      spec: SPEC,
      agent: { ...AGENT, maximumIterations: 2 },
      parameters: { id: { type: "constant", value: "42" } },
    }),
    others: [shop("listItems", 2)],
    expected: [],
  },
  { name: "no tool lists what it needs", config: shop("updateItem", 2), expected: [] },
  {
    name: "fact 89: at 1 round the model never reads the results",
    config: shop("listItems", 1),
    expected: [
      'warning agent.maximumIterations: Maximum Iterations is 1 in Agent "Agent": the tools run, but the model never reads their answers (the agent\'s output is the raw results)',
    ],
  },
  {
    name: "a Tool node (no Agent) has no rounds",
    config: configOf("updateItem", { provider: "shop", spec: SPEC }),
    expected: [],
  },
  {
    name: "ReAct is not modelled",
    config: configOf("listItems", {
      provider: "shop",
      spec: SPEC,
      agent: { ...AGENT, strategy: "ReAct", maximumIterations: 1 },
    }),
    expected: [],
  },
]);
