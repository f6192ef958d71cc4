/**
 * The demo business (GLOSSARY "Demo data"): a Pune builder's team, suppliers, items and prices, two
 * sites with a confirmed BOQ each, four indents in four stages, a partly received PO with its
 * invoice photo and an overbilling case, a payment and a credit note. Only data: seed.mjs makes it
 * through the public API, as the people named here would.
 */

export const MEMBERS = [
  {
    name: 'Demo Admin',
    phoneNumber: '9000000001',
    email: 'admin@demo.example',
    role: 'Admin',
    notes: 'Owner; approves indents and manages the team.',
  },
  {
    name: 'Priya Kulkarni',
    phoneNumber: '9000000002',
    email: 'priya.kulkarni@demo.example',
    role: 'Purchaser',
    notes: 'Purchase head; keeps the item master and vendor prices.',
  },
  {
    name: 'Rahul Deshmukh',
    phoneNumber: '9000000003',
    email: 'rahul.deshmukh@demo.example',
    role: 'Accountant',
    notes: 'Vendor payments and ledgers.',
  },
  {
    name: 'Sandeep Patil',
    phoneNumber: '9000000004',
    email: 'sandeep.patil@demo.example',
    role: 'Employee',
    notes: 'Site engineer.',
  },
];

/** Suppliers of a Pune builder: cement, steel, sand, bricks, plywood and hardware (GSTIN state code 27). */
export const VENDORS = [
  {
    name: 'Shree Ganesh Cement Traders',
    contactPerson: 'Ganesh Jadhav',
    phoneNumber: '9822011001',
    email: 'orders@shreeganeshcement.example',
    altPhoneNumber: '9822011002',
    altEmail: '',
    address: 'Shop 12, Market Yard, Gultekdi, Pune, Maharashtra 411037',
    gstin: '27AAKFS1234M1Z5',
    paymentTerms: 30,
    notes: 'UltraTech and ACC dealer; delivers within 24 hours inside Pune.',
    status: 'active',
  },
  {
    name: 'Deccan Steel Suppliers',
    contactPerson: 'Imran Shaikh',
    phoneNumber: '9890022001',
    email: 'sales@deccansteel.example',
    altPhoneNumber: '',
    altEmail: 'accounts@deccansteel.example',
    address: 'Plot 45, Bhosari MIDC, Pimpri Chinchwad, Pune, Maharashtra 411026',
    gstin: '27AADCD5678K1Z3',
    paymentTerms: 45,
    notes: 'TMT bars Fe 500D, binding wire, structural sections.',
    status: 'active',
  },
  {
    name: 'Godavari Sand and Aggregates',
    contactPerson: 'Sunil Pawar',
    phoneNumber: '9763033001',
    email: 'godavari.aggregates@example.com',
    altPhoneNumber: '',
    altEmail: '',
    address: 'Gat No 210, Adgaon Shivar, Nashik, Maharashtra 422003',
    gstin: '27AAHFG9012L1Z8',
    paymentTerms: 30,
    notes: 'M-sand, river sand, 10 mm and 20 mm aggregate by the brass.',
    status: 'active',
  },
  {
    name: 'Sahyadri Bricks and Blocks',
    contactPerson: 'Vaishali Shinde',
    phoneNumber: '9921044001',
    email: 'info@sahyadribricks.example',
    altPhoneNumber: '9921044002',
    altEmail: '',
    address: 'Survey 78, Shirwal, Khandala Taluka, Satara, Maharashtra 412801',
    gstin: '27ABCFS3456N1Z1',
    paymentTerms: 60,
    notes: 'Red clay bricks and AAC blocks; minimum order one truck.',
    status: 'active',
  },
  {
    name: 'Western Ply and Hardware',
    contactPerson: 'Mehul Shah',
    phoneNumber: '9820055001',
    email: 'mehul@westernply.example',
    altPhoneNumber: '',
    altEmail: 'billing@westernply.example',
    address: '221 Lamington Road, Grant Road East, Mumbai, Maharashtra 400007',
    gstin: '27AAEFW7890P1Z6',
    paymentTerms: 45,
    notes: 'Marine ply, shuttering ply, fasteners and door hardware.',
    status: 'inactive',
  },
];

export const ITEMS = [
  { name: 'Cement OPC 53', unit: 'bags' },
  { name: 'TMT steel bar 12 mm', unit: 'kg' },
  { name: 'River sand', unit: 'CBM' },
  { name: '20 mm aggregate', unit: 'CBM' },
  { name: 'Red clay bricks', unit: 'pcs' },
  { name: 'Ready-mix concrete M25', unit: 'CBM' },
  { name: 'Binding wire', unit: 'kg' },
  { name: 'Plywood 18 mm', unit: 'sheets' },
  { name: 'TMT steel bar 8 mm', unit: 'kg' },
  { name: 'TMT steel bar 16 mm', unit: 'kg' },
  { name: 'AAC blocks 600x200x200 mm', unit: 'pcs' },
  { name: 'Structural steel ISMB 200', unit: 'tons' },
  { name: 'GI roofing sheet 0.5 mm', unit: 'sheets' },
  { name: 'PVC pipe 110 mm', unit: 'meters' },
  { name: 'Wall putty', unit: 'bags' },
  { name: 'Waterproofing compound', unit: 'liters' },
  { name: 'Vitrified tiles 600x600 mm', unit: 'boxes' },
  { name: 'Copper wire 2.5 sq mm', unit: 'rolls' },
];
/**
 * Vendor name -> item name -> [price, GST] in rupees (GST 28% cement, 18% steel, ply, pipes,
 * putty, waterproofing, tiles and wire, 5% sand, 12% bricks and AAC blocks). An inactive vendor's
 * prices are not entered (no one buys from them).
 */
export const PRICES = {
  'Shree Ganesh Cement Traders': { 'Cement OPC 53': [380, 106.4], 'Ready-mix concrete M25': [5200, 936] },
  'Deccan Steel Suppliers': {
    'TMT steel bar 12 mm': [62, 11.16],
    'Binding wire': [78, 14.04],
    'Cement OPC 53': [392, 109.76],
    'TMT steel bar 8 mm': [64, 11.52],
    'TMT steel bar 16 mm': [61, 10.98],
    'Structural steel ISMB 200': [68500, 12330],
    'GI roofing sheet 0.5 mm': [1450, 261],
  },
  'Godavari Sand and Aggregates': {
    'River sand': [1800, 90],
    '20 mm aggregate': [1450, 72.5],
    'Ready-mix concrete M25': [5350, 963],
  },
  'Sahyadri Bricks and Blocks': {
    'Red clay bricks': [8.5, 1.02],
    'River sand': [1900, 95],
    'AAC blocks 600x200x200 mm': [62, 7.44],
  },
  'Western Ply and Hardware': {
    'Plywood 18 mm': [2450, 441],
    'Binding wire': [82, 14.76],
    'PVC pipe 110 mm': [285, 51.3],
    'Wall putty': [760, 136.8],
    'Waterproofing compound': [240, 43.2],
    'Vitrified tiles 600x600 mm': [1180, 212.4],
    'Copper wire 2.5 sq mm': [2350, 423],
  },
};

/** Two sites; `team` names the members (by email) assigned to the project. */
export const PROJECTS = [
  {
    projectCode: 'PRJ-0001',
    name: 'Skyline Residency, Pune',
    location: 'Survey 112, Baner-Pashan Link Road, Baner, Pune, Maharashtra 411045',
    startDate: '2026-04-01',
    targetCompletionDate: '2028-03-31',
    status: 'inProgress',
    notes: 'G+14 residential tower, 56 flats (2 and 3 BHK); RCC frame with AAC block masonry.',
    team: ['sandeep.patil@demo.example'],
  },
  {
    projectCode: 'PRJ-0002',
    name: 'Godavari Logistics Warehouse, Nashik',
    location: 'Plot C-27, MIDC Sinnar, Nashik, Maharashtra 422103',
    startDate: '2026-09-15',
    targetCompletionDate: '2027-06-30',
    status: 'planning',
    notes: 'Pre-engineered steel warehouse, 60,000 sq.ft with a 2,000 sq.ft office block.',
    team: [],
  },
];

/** A confirmed BOQ per project (by code), its lines drawn from the items at around the vendors' prices. */
export const BOQS = [
  {
    key: 'skyline-civil',
    project: 'PRJ-0001',
    name: 'Civil and structural works, Tower A',
    description: 'RCC frame, slabs and masonry from foundation to terrace for the G plus fourteen tower.',
    notes:
      'Quantities from the structural drawings rev. C; RMC for columns, beams and slabs, site mix for masonry and plaster.',
    lines: [
      {
        item: 'Ready-mix concrete M25',
        unit: 'CBM',
        qty: 3450,
        rate: 5200,
        remark: 'Raft, columns, beams and slabs',
      },
      { item: 'TMT steel bar 12 mm', unit: 'kg', qty: 182500, rate: 62, remark: 'Slabs and beams, Fe 500D' },
      { item: 'Cement OPC 53', unit: 'bags', qty: 14800, rate: 380, remark: 'Masonry mortar and plaster' },
      { item: 'River sand', unit: 'CBM', qty: 960, rate: 1800, remark: 'Plaster and mortar, screened' },
      { item: '20 mm aggregate', unit: 'CBM', qty: 640, rate: 1450, remark: 'Site mix PCC and lintels' },
      {
        item: 'Red clay bricks',
        unit: 'pcs',
        qty: 86000,
        rate: 8.5,
        remark: 'Toilet walls, shafts and parapets',
      },
      { item: 'Binding wire', unit: 'kg', qty: 1825, rate: 78, remark: '1 kg per 100 kg of steel' },
      {
        item: 'Plywood 18 mm',
        unit: 'sheets',
        qty: 1150,
        rate: 2450,
        remark: 'Slab and beam shuttering, 6 repetitions',
      },
      {
        item: 'TMT steel bar 8 mm',
        unit: 'kg',
        qty: 46800,
        rate: 64,
        remark: 'Stirrups and distribution bars',
      },
      { item: 'TMT steel bar 16 mm', unit: 'kg', qty: 128400, rate: 61, remark: 'Columns and raft, Fe 500D' },
      {
        item: 'AAC blocks 600x200x200 mm',
        unit: 'pcs',
        qty: 52000,
        rate: 62,
        remark: 'Internal and external walls, floors 1 to 14',
      },
      { item: 'Wall putty', unit: 'bags', qty: 2400, rate: 760, remark: 'Two coats over internal plaster' },
      {
        item: 'Waterproofing compound',
        unit: 'liters',
        qty: 3800,
        rate: 240,
        remark: 'Toilets, terrace and water tanks',
      },
    ],
  },
  {
    key: 'godavari-civil',
    project: 'PRJ-0002',
    name: 'Foundations, floor slab and office block',
    description: 'Isolated footings for the PEB columns, the trimix floor and the office block civil works.',
    notes: 'PEB structure and roofing under a separate contract; this BOQ covers the civil scope only.',
    lines: [
      {
        item: 'Ready-mix concrete M25',
        unit: 'CBM',
        qty: 2150,
        rate: 5350,
        remark: 'Footings, plinth beams and 200 mm floor slab',
      },
      { item: 'TMT steel bar 12 mm', unit: 'kg', qty: 64500, rate: 62, remark: 'Footings and slab mesh' },
      {
        item: 'Cement OPC 53',
        unit: 'bags',
        qty: 3250,
        rate: 392,
        remark: 'Office block masonry and plaster',
      },
      { item: 'River sand', unit: 'CBM', qty: 420, rate: 1900, remark: 'Mortar and plaster' },
      {
        item: '20 mm aggregate',
        unit: 'CBM',
        qty: 380,
        rate: 1450,
        remark: 'PCC under footings and sub-base',
      },
      {
        item: 'Red clay bricks',
        unit: 'pcs',
        qty: 42000,
        rate: 8.5,
        remark: 'Office block and compound wall',
      },
      { item: 'Binding wire', unit: 'kg', qty: 650, rate: 82, remark: 'Reinforcement tying' },
      {
        item: 'Plywood 18 mm',
        unit: 'sheets',
        qty: 260,
        rate: 2450,
        remark: 'Footing and plinth beam shuttering',
      },
      {
        item: 'Structural steel ISMB 200',
        unit: 'tons',
        qty: 186,
        rate: 68500,
        remark: 'Portal frames and purlins, 24 m span',
      },
      {
        item: 'GI roofing sheet 0.5 mm',
        unit: 'sheets',
        qty: 2900,
        rate: 1450,
        remark: 'Roof and side cladding, 3.6 m lengths',
      },
      {
        item: 'PVC pipe 110 mm',
        unit: 'meters',
        qty: 640,
        rate: 285,
        remark: 'Rainwater downtakes and drainage',
      },
      {
        item: 'Vitrified tiles 600x600 mm',
        unit: 'boxes',
        qty: 310,
        rate: 1180,
        remark: 'Office block floors',
      },
      {
        item: 'Copper wire 2.5 sq mm',
        unit: 'rolls',
        qty: 85,
        rate: 2350,
        remark: 'Office block and warehouse lighting circuits',
      },
    ],
  },
];

/**
 * Indents on the first project's BOQ, raised by the site engineer, in the order they are made (the
 * approved one gets IND-000001): approved (its POs follow), waiting for approval (a non-lowest
 * choice with its reason), waiting for comparison (a line over its BOQ balance), and a draft. A
 * line's `vendor` is the purchaser's choice and `reason` why, when it is not the lowest.
 */
export const INDENTS = [
  {
    key: 'approved-column-steel',
    stage: 'approved',
    title: 'Column reinforcement and concrete, floors 7 and 8',
    location: 'Tower A, floors 7-8',
    neededInDays: 5,
    notes: 'Cut lengths as per bar bending schedule BBS-07; deliver before the floor 7 column pour.',
    lines: [
      {
        item: 'TMT steel bar 16 mm',
        qty: 12500,
        remark: 'Columns C1 to C24',
        vendor: 'Deccan Steel Suppliers',
      },
      { item: 'TMT steel bar 8 mm', qty: 3800, remark: 'Column ties', vendor: 'Deccan Steel Suppliers' },
      { item: 'Binding wire', qty: 160, remark: '', vendor: 'Deccan Steel Suppliers' },
      {
        item: '20 mm aggregate',
        qty: 45,
        remark: 'Site-mixed column concrete',
        vendor: 'Godavari Sand and Aggregates',
      },
    ],
    fleet: { vendor: 'Godavari Sand and Aggregates', amount: 1500, gst: 270 },
  },
  {
    key: 'approval-masonry',
    stage: 'approval',
    title: 'Masonry and plaster, floors 6 to 8',
    location: 'Tower A, floors 6-8',
    neededInDays: 10,
    notes: 'AAC block walls for the three floors; cement and sand for the block joints and plaster.',
    lines: [
      {
        item: 'AAC blocks 600x200x200 mm',
        qty: 4800,
        remark: '200 mm external walls',
        vendor: 'Sahyadri Bricks and Blocks',
      },
      {
        item: 'Cement OPC 53',
        qty: 450,
        remark: '',
        vendor: 'Deccan Steel Suppliers',
        reason:
          'Comes on the steel truck already booked for this week; the lowest quote has a 10-day lead time',
      },
      {
        item: 'River sand',
        qty: 60,
        remark: 'Screened, for plaster',
        vendor: 'Godavari Sand and Aggregates',
      },
    ],
  },
  {
    key: 'compare-slab',
    stage: 'compare',
    title: 'Slab casting, floor 11',
    location: 'Tower A, floor 11',
    neededInDays: 14,
    notes: 'Pour planned in two halves; pump booked by the RMC supplier.',
    lines: [
      { item: 'Ready-mix concrete M25', qty: 180, remark: 'Slab and beams' },
      { item: 'TMT steel bar 12 mm', qty: 9500, remark: 'Slab bottom and top mesh' },
      { item: 'Binding wire', qty: 95, remark: '' },
      { item: 'Waterproofing compound', qty: 4000, remark: 'Terrace and tanks, whole quantity at once' },
    ],
  },
  {
    key: 'draft-plaster',
    stage: 'draft',
    title: 'Plaster materials, floors 9 and 10',
    location: 'Tower A, floors 9-10',
    neededInDays: 21,
    notes: 'Internal plaster and putty; quantities to be checked against the finishing schedule.',
    lines: [
      { item: 'Cement OPC 53', qty: 300, remark: 'Internal plaster' },
      { item: 'River sand', qty: 40, remark: '' },
      { item: 'Wall putty', qty: 60, remark: 'Two coats' },
    ],
  },
];

/** The first delivery on the approved indent's aggregate PO, recorded on site by the engineer. */
export const RECEIPT = {
  indent: 'Column reinforcement and concrete, floors 7 and 8',
  vendor: 'Godavari Sand and Aggregates',
  item: '20 mm aggregate',
  received: 20,
  lineRemarks: 'First delivery; checked by volume in the truck',
  invoiceNumber: 'GSA/26-27/0412',
  // 20 CBM at Rs 1,450 + 5% GST (Rs 72.50 a CBM) is Rs 30,450, and its share of the PO's fleet
  // (Rs 1,500 + Rs 270 GST) Rs 786.67: Rs 31,236.67 expected. The vendor billed Rs 32,500 (the
  // whole fleet and then some), so the vendor's ledger has an open overbilling case of
  // Rs 1,263.33 for the Admin to decide (issue 13).
  invoiceAmount: 32_500,
  remarks: 'Vehicle MH15 GV 4821; unloaded at the Tower A batching point.',
  photo: 'invoice-GSA-26-27-0412.jpg',
};

/** A part payment to the steel vendor (by the accountant) and a credit note from the aggregate vendor (by the purchaser). */
export const LEDGER = [
  {
    vendor: 'Deccan Steel Suppliers',
    by: '9000000003',
    kind: 'payments',
    entry: (poNumber) => ({
      amount: 500_000,
      method: 'NEFT',
      reference: 'HDFCN26330418752',
      notes: `Part payment against ${poNumber} (column steel, floors 7 and 8)`,
    }),
  },
  {
    vendor: 'Godavari Sand and Aggregates',
    by: '9000000002',
    kind: 'credit-notes',
    entry: (poNumber) => ({
      number: 'GSA/CN/26-27/0031',
      amount: 12_000,
      reason: 'Quality issue - Return/Replacement',
      notes: `Aggregate with excess fines sent back from the first delivery of ${poNumber}`,
    }),
  },
];
