import type { RuleValue } from '../authorisation/rule-value.ts';
import type { Risk } from '../model/ruleset.ts';

/**
 * The ruleset compiled once into numbered pieces, so that evaluating a holder is a matter of
 * bit tests (issue 2: "compile the ruleset once into checks").
 *
 * - An *atom* is one rule value on one field of one object; an instance field satisfies it
 *   or not (DESIGN 5.5).
 * - A *check* is one permission on one object: per field, OR / AND / NOT atoms (5.5), all
 *   fields ANDed, met by one instance (same-instance) or by merged values (union) (5.6).
 *   S_TCODE for an action and each TSTCA object are checks too (5.7).
 * - A function is a list of *alternatives*, one per active action in file order, each a
 *   list of checks that must all be met (5.8).
 */
export interface Atom {
  id: number;
  object: string;
  field: string;
  rule: RuleValue;
}

export interface FieldCondition {
  field: string;
  anyOf: number[];
  allOf: number[];
  noneOf: number[];
}

export interface Check {
  id: number;
  object: string;
  conditions: FieldCondition[];
  /** Atoms that must be satisfied for the check to hold (anyOf/allOf); empty for NOT-only and existence checks. */
  positiveAtoms: number[];
}

export interface Alternative {
  /** The action (tcode); null for a function without active actions. */
  action: string | null;
  /** Checks that must all be met; the action's S_TCODE check comes first when there is one. */
  checks: number[];
  /**
   * The checks of the function's permission lines (not S_TCODE, not TSTCA), in line order:
   * the ones provenance names instances for and org fields constrain (DESIGN 5.11, 5.15).
   */
  permissionChecks: number[];
}

export interface CompiledFunction {
  index: number;
  id: string;
  alternatives: Alternative[];
}

export interface CompiledRisk {
  index: number;
  risk: Risk;
  /** Indexes into CompiledRuleset.functions. */
  functions: number[];
  /** The org fields of an org-level risk (DESIGN 5.15); empty otherwise and at action level. */
  orgFields: string[];
}

/** Per object, what evaluating one of its instances needs. */
export interface ObjectPlan {
  object: string;
  /** Atoms whose rule is a plain value, by field then by value (hash look-up per row). */
  valueAtoms: Map<string, Map<string, number[]>>;
  /** Every plain-value atom of a field, for rows that are patterns or ranges. */
  valueAtomList: Map<string, { value: string; atom: number }[]>;
  /** Atoms with a `*` or interval rule, by field. */
  patternAtoms: Map<string, { rule: RuleValue; atom: number }[]>;
  /** Checks that can hold without any positive atom (NOT-only or existence checks). */
  unconditionalChecks: number[];
  /** The atom that stands for "the holder has an instance of this object" (union mode). */
  existsAtom: number;
}

export interface CompiledRuleset {
  atoms: Atom[];
  checks: Check[];
  /** For each atom, the checks that list it as positive. */
  checksByAtom: number[][];
  objects: Map<string, ObjectPlan>;
  functions: CompiledFunction[];
  risks: CompiledRisk[];
  /** For each check, the alternatives (function index, alternative index) that start with it. */
  alternativesByLeadCheck: Array<Array<[number, number]> | undefined>;
  /** For each function index, the risks that list it. */
  risksByFunction: number[][];
}
