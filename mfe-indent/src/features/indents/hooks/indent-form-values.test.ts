import { describe, expect, it } from 'vitest';
import { INDENT_QTY_TOO_LARGE, type Indent } from '@erp/contracts';
import {
  emptyIndentValues,
  indentContract,
  indentToValues,
  lineFromItem,
  moveLine,
  sanitizeQuantity,
  valuesToBody,
  type IndentFormValues,
} from './indent-form-values';

const PROJECT = {
  _id: '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e',
  name: 'Skyline Residency, Pune',
  projectCode: 'PRJ-0001',
};
const BOQ = {
  _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  boqId: 'BOQ-0001',
  name: 'Civil and structural works, Tower A',
};
const CEMENT = { _id: '00000000-0000-4000-8000-000000000001', name: 'Cement OPC 53', unit: 'bags' };
const STEEL = { _id: '00000000-0000-4000-8000-000000000002', name: 'TMT steel bar 12 mm', unit: 'kg' };

const firstProblem = (values: IndentFormValues, mode: 'create' | 'update' = 'create') =>
  indentContract[mode].problems(values)[0]?.message;

function filled(): IndentFormValues {
  return {
    ...emptyIndentValues(),
    title: 'Cement for slab 4',
    project: PROJECT,
    boq: BOQ,
    items: [{ ...lineFromItem(CEMENT), quantity: '120.5' }],
  };
}

describe('the indent form checks in the spec’s order (SPEC §5), word for word', () => {
  it('asks for a title first, even with everything else missing', () => {
    expect(firstProblem(emptyIndentValues())).toBe('Please enter a title');
    expect(firstProblem({ ...emptyIndentValues(), title: '   ' })).toBe('Please enter a title');
  });

  it('then a project, then a BOQ, then at least one item', () => {
    const v = { ...emptyIndentValues(), title: 'Cement for slab 4' };
    expect(firstProblem(v)).toBe('Please select a project');
    expect(firstProblem({ ...v, project: PROJECT })).toBe('Please select a BOQ');
    expect(firstProblem({ ...v, project: PROJECT, boq: BOQ })).toBe('Please add at least one item');
  });

  it('then each quantity, naming the item of the first line without a valid one', () => {
    const v = filled();
    v.items = [
      { ...lineFromItem(CEMENT), quantity: '10' },
      { ...lineFromItem(STEEL), quantity: '' },
    ];
    expect(firstProblem(v)).toBe('Please enter a valid quantity for "TMT steel bar 12 mm"');
    v.items[1]!.quantity = '0';
    expect(firstProblem(v)).toBe('Please enter a valid quantity for "TMT steel bar 12 mm"');
    v.items[0]!.quantity = '.';
    expect(firstProblem(v)).toBe('Please enter a valid quantity for "Cement OPC 53"');
  });

  it('refuses a quantity above the largest a line takes', () => {
    const v = filled();
    v.items[0]!.quantity = '10000000.01';
    expect(firstProblem(v)).toBe(INDENT_QTY_TOO_LARGE);
  });

  it('has nothing to say about a complete form, for create and update alike', () => {
    expect(indentContract.create.problems(filled())).toEqual([]);
    expect(indentContract.update.problems(filled())).toEqual([]);
  });

  it('marks the field each problem is about', () => {
    const v = filled();
    v.items = [{ ...lineFromItem(CEMENT), quantity: '' }];
    expect(indentContract.create.problems({ ...v, project: null })[0]?.field).toBe('project');
    expect(indentContract.create.problems({ ...v, boq: null })[0]?.field).toBe('boq');
    expect(indentContract.create.problems(v)[0]?.field).toBe('items.0.quantity');
  });
});

describe('the form’s values as the body sent (SPEC §7 POST /indent)', () => {
  it('trims the texts, sends ids, quantities as numbers, remarks and the status asked for', () => {
    const v = filled();
    v.title = '  Cement for slab 4 ';
    v.location = ' Tower A, level 4 ';
    v.neededBy = '2026-12-01';
    v.notes = ' Deliver before 10 am ';
    v.items = [
      { ...lineFromItem(CEMENT), quantity: '120.5', remark: ' for columns ' },
      { ...lineFromItem(STEEL), quantity: '800', remark: '' },
    ];
    expect(valuesToBody(v, 'compare')).toEqual({
      title: 'Cement for slab 4',
      projectId: PROJECT._id,
      boqId: BOQ._id,
      location: 'Tower A, level 4',
      neededBy: '2026-12-01',
      notes: 'Deliver before 10 am',
      items: [
        { item: CEMENT._id, quantity: 120.5, remarks: 'for columns' },
        { item: STEEL._id, quantity: 800, remarks: '' },
      ],
      status: 'compare',
    });
    expect(valuesToBody(v).status).toBe('draft');
  });

  it('sends no date as null and a missing project or BOQ as an empty id (which the schema refuses)', () => {
    const body = valuesToBody(emptyIndentValues());
    expect(body).toMatchObject({ neededBy: null, projectId: '', boqId: '', items: [] });
  });

  it('reads an indent back into the same values (the edit form)', () => {
    const indent = {
      _id: 'a1b2c3d4-0000-4000-8000-000000000001',
      title: 'Cement for slab 4',
      projectId: PROJECT,
      boqId: BOQ,
      location: 'Tower A',
      neededBy: null,
      notes: '',
      items: [
        {
          _id: 'line-1',
          itemId: CEMENT._id,
          itemName: CEMENT.name,
          unit: 'bags',
          quantity: 120.5,
          remark: 'columns',
        },
      ],
    } as unknown as Indent;
    const values = indentToValues(indent);
    expect(values).toMatchObject({
      title: 'Cement for slab 4',
      project: PROJECT,
      boq: BOQ,
      neededBy: '',
      items: [{ key: 'line-1', item: CEMENT, quantity: '120.5', remark: 'columns' }],
    });
    expect(valuesToBody(values, 'draft').items).toEqual([
      { item: CEMENT._id, quantity: 120.5, remarks: 'columns' },
    ]);
  });
});

describe('line helpers', () => {
  it('keeps digits and at most two decimals of a typed quantity', () => {
    expect(sanitizeQuantity('12.345')).toBe('12.34');
    expect(sanitizeQuantity('1,250.5')).toBe('1250.5');
    expect(sanitizeQuantity('-3a')).toBe('3');
    expect(sanitizeQuantity('1.2.3')).toBe('1.23');
  });

  it('moves a line up or down, and not past either end', () => {
    expect(moveLine(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveLine(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    const lines = ['a', 'b'];
    expect(moveLine(lines, 0, -1)).toBe(lines);
    expect(moveLine(lines, 1, 1)).toBe(lines);
  });

  it('gives each new line its own key', () => {
    expect(lineFromItem(CEMENT).key).not.toBe(lineFromItem(CEMENT).key);
  });
});
