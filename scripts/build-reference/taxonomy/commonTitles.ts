/**
 * Common job titles as they appear on UK and US staff lists, with the codes the rule classifier must give
 * them: a regression list for the curated rules (commonTitles.test.ts). Written and coded by hand from the
 * SOC 2018 definitions and the SOC 2020 unit-group descriptions, never from the O*NET titles, the ONS coding
 * index or the BLS direct-match list, which feed the held-out benchmark. Some titles carry the noise staff
 * lists add (grades, locations, contract terms, abbreviations) so the test also covers cleaning. UK codes
 * are unit groups with ASHE pay, as curated rules require.
 *
 * `us` or `uk` is a short list only where the definitions genuinely allow two readings; the comment says why.
 */

export interface CommonTitle {
  title: string;
  us: string | readonly string[];
  uk: string | readonly string[];
}

export const COMMON_TITLES: readonly CommonTitle[] = [
  // Executive and general management
  { title: 'Chief Executive Officer', us: '11-1011', uk: '1111' },
  { title: 'CEO', us: '11-1011', uk: '1111' },
  { title: 'Managing Director', us: '11-1011', uk: '1111' },
  { title: 'Chief Operating Officer', us: '11-1011', uk: '1111' },
  { title: 'Chief Financial Officer', us: '11-1011', uk: '1131' },
  { title: 'Operations Director', us: '11-1021', uk: '1139' },
  { title: 'Ops Manager', us: '11-1021', uk: '1139' },
  { title: 'Head of Operations', us: '11-1021', uk: '1139' },
  { title: 'General Manager', us: '11-1021', uk: '1139' },
  // A company "Head of Department" names no function: Managers, All Other and functional managers n.e.c.
  // (a school head of department is a teacher, but this service reads company staff lists).
  { title: 'Head of Department', us: '11-9199', uk: '1139' },
  { title: 'Deputy Head', us: '11-9199', uk: '1139' },
  { title: 'Porter', us: '53-7062', uk: '9259' },
  { title: 'Ward Sister', us: '29-1141', uk: '2237' },
  { title: 'Ward Clerk', us: '43-6013', uk: '4131' },
  { title: 'Bar Supervisor', us: '35-1012', uk: '9261' },
  { title: 'Duty Manager', us: '11-9051', uk: '5436' },
  { title: 'Front of House Manager', us: '11-9051', uk: '5436' },
  { title: 'Planner', us: '13-1081', uk: '3549' },
  { title: 'Benefits Assessor', us: '43-4061', uk: '4112' },
  { title: 'Youth Worker', us: '21-1093', uk: '3221' },
  { title: 'Relationship Manager', us: '41-3031', uk: '3534' },
  { title: 'Commercial Banking Relationship Manager', us: '41-3031', uk: '3534' },
  { title: 'Chief of Staff', us: '11-1021', uk: '1139' },
  { title: 'Corporate Development Manager', us: '13-1111', uk: '2431' },
  { title: 'Product Designer', us: '15-1255', uk: '2141' },
  { title: 'Customer Success Coordinator', us: '41-3091', uk: '3552' },

  // Finance
  { title: 'Finance Dir', us: '11-3031', uk: '1131' },
  { title: 'Finance Manager', us: '11-3031', uk: '1131' },
  { title: 'Snr Finance Mgr', us: '11-3031', uk: '1131' },
  { title: 'Financial Controller', us: '11-3031', uk: '1131' },
  { title: 'FP&A Manager', us: '11-3031', uk: '1131' },
  { title: 'Management Accountant', us: '13-2011', uk: '2421' },
  { title: 'Assistant Accountant', us: '43-3031', uk: '3533' },
  { title: 'Finance Business Partner', us: '13-2011', uk: '2421' },
  { title: 'Internal Auditor', us: '13-2011', uk: '2421' },
  { title: 'Tax Manager', us: '13-2011', uk: '2423' },
  { title: 'Financial Analyst', us: '13-2051', uk: '2422' },
  { title: 'FP&A Analyst', us: '13-2051', uk: '2422' },
  { title: 'Investment Analyst', us: '13-2051', uk: '2422' },
  // A portfolio or fund manager both analyses investments (13-2051) and directs them (11-3031, "investing
  // activities"); SOC 2018 does not settle which.
  { title: 'Portfolio Manager', us: ['13-2051', '11-3031'], uk: '2422' },
  { title: 'Fund Manager', us: ['13-2051', '11-3031'], uk: '2422' },
  { title: 'Financial Adviser', us: '13-2052', uk: '2422' },
  { title: 'Actuary', us: '15-2011', uk: '2433' },
  { title: 'Actuarial Analyst', us: '15-2011', uk: '2433' },
  { title: 'Accounts Payable Clerk', us: '43-3031', uk: '4122' },
  { title: 'Book-keeper', us: '43-3031', uk: '4122' },
  { title: 'Credit Controller', us: '43-3011', uk: '4121' },
  { title: 'Payroll Officer (Maternity Cover)', us: '43-3051', uk: '4122' },
  { title: 'Payroll Administrator', us: '43-3051', uk: '4122' },

  // Human resources
  { title: 'HR Director', us: '11-3121', uk: '1136' },
  { title: 'HR Manager', us: '11-3121', uk: '1136' },
  { title: 'Head of People', us: '11-3121', uk: '1136' },
  { title: 'HR Business Partner', us: '11-3121', uk: '1136' },
  { title: 'HR Advisor - London', us: '13-1071', uk: '3571' },
  { title: 'HR Officer (FTC 12 months)', us: '13-1071', uk: '3571' },
  { title: 'HR Administrator', us: '43-4161', uk: '4136' },
  { title: 'Recruitment Consultant', us: '13-1071', uk: '3571' },
  { title: 'Talent Acquisition Partner', us: '13-1071', uk: '3571' },
  { title: 'Recruitment Coordinator', us: '43-4161', uk: '4136' },
  { title: 'L&D Manager', us: '11-3131', uk: '1136' },
  { title: 'Trainer', us: '13-1151', uk: '3574' },

  // Technology
  { title: 'Head of IT', us: '11-3021', uk: '1137' },
  { title: 'IT Manager', us: '11-3021', uk: '2132' },
  { title: 'Software Engineer II', us: '15-1252', uk: '2134' },
  { title: 'Snr Dev', us: '15-1252', uk: '2134' },
  { title: 'Java Dev', us: '15-1252', uk: '2134' },
  { title: 'DevOps Engineer', us: '15-1252', uk: '2134' },
  { title: 'Web Developer', us: '15-1254', uk: '2134' },
  { title: 'IT Support Analyst (2nd Line)', us: '15-1232', uk: '3132' },
  { title: 'Service Desk Analyst', us: '15-1232', uk: '3132' },
  { title: '2nd Line Support Engineer', us: '15-1232', uk: '3132' },
  { title: 'IT Technician', us: '15-1232', uk: '3132' },
  { title: 'Systems Administrator', us: '15-1244', uk: '3131' },
  { title: 'Infrastructure Engineer', us: '15-1244', uk: '3131' },
  { title: 'Network Engineer', us: '15-1241', uk: '2137' },
  { title: 'Database Administrator', us: '15-1242', uk: '3133' },
  { title: 'Cyber Security Analyst', us: '15-1212', uk: '2135' },
  { title: 'Test Analyst', us: '15-1253', uk: '2136' },
  { title: 'Solutions Architect', us: '15-1299', uk: '2133' },
  { title: 'Systems Analyst', us: '15-1211', uk: '2133' },
  { title: 'Product Owner', us: '15-1211', uk: '2133' },
  { title: 'UX Designer', us: '15-1255', uk: '2141' },
  { title: 'Scrum Master', us: '15-1299', uk: '2131' },
  { title: 'IT Project Manager', us: '15-1299', uk: '2131' },

  // Data
  { title: 'Data Analyst - Remote', us: '15-2051', uk: '3544' },
  { title: 'BI Developer', us: '15-2051', uk: '3544' },
  { title: 'Data Engineer', us: '15-1243', uk: '2134' },
  { title: 'Data Scientist', us: '15-2051', uk: '2433' },

  // Projects, change and consulting
  { title: 'Project Manager (Interim)', us: '13-1082', uk: '2440' },
  // ONS index: "Manager, programme" 1139; O*NET: "Project Director" 11-9199.
  { title: 'Programme Manager', us: '11-9199', uk: '1139' },
  { title: 'Project Portfolio Manager', us: '13-1082', uk: '2440' },
  { title: 'Project Coordinator', us: '13-1082', uk: '3543' },
  { title: 'PMO Analyst', us: '13-1082', uk: '3543' },
  { title: 'Project Support Officer', us: '13-1082', uk: '3543' },
  { title: 'Senior Business Analyst', us: '13-1111', uk: '2431' },
  { title: 'Change Manager', us: '13-1111', uk: '2431' },
  { title: 'Management Consultant', us: '13-1111', uk: '2431' },
  { title: 'Continuous Improvement Manager', us: '13-1111', uk: '2431' },

  // Marketing and communications
  { title: 'Marketing Director', us: '11-2021', uk: '1132' },
  { title: 'Marketing Manager', us: '11-2021', uk: '2432' },
  { title: 'Brand Manager', us: '11-2021', uk: '2432' },
  { title: 'Marketing Exec', us: '13-1161', uk: '3554' },
  { title: 'Digital Marketing Executive', us: '13-1161', uk: '3554' },
  { title: 'Marketing Assistant', us: '13-1161', uk: '3554' },
  { title: 'Social Media Manager', us: '13-1161', uk: '3554' },
  { title: 'Communications Officer', us: '27-3031', uk: '2493' },
  { title: 'Events Coordinator', us: '13-1121', uk: '3557' },
  { title: 'Graphic Designer', us: '27-1024', uk: '2142' },

  // Sales and account management
  { title: 'Sales Director', us: '11-2022', uk: '1132' },
  { title: 'Sales Mgr - South East', us: '11-2022', uk: '3556' },
  { title: 'Area Sales Manager', us: '11-2022', uk: '3556' },
  { title: 'Business Development Manager', us: '41-3091', uk: '3556' },
  { title: 'Account Manager', us: '41-3091', uk: '3556' },
  { title: 'Key Account Manager', us: '41-3091', uk: '3556' },
  { title: 'Customer Success Manager', us: '41-3091', uk: '3556' },
  { title: 'Sales Executive', us: '41-3091', uk: '3552' },
  { title: 'Sales Rep', us: '41-3091', uk: '3552' },
  { title: 'Telesales Executive', us: '41-9041', uk: '7113' },
  { title: 'Sales Administrator', us: '43-4151', uk: '4151' },
  { title: 'Insurance Broker', us: '41-3021', uk: '3531' },

  // Retail
  { title: 'Sales Assistant', us: '41-2031', uk: '7111' },
  { title: 'Retail Assistant', us: '41-2031', uk: '7111' },
  { title: 'Cashier', us: '41-2011', uk: '7112' },
  { title: 'Checkout Operator', us: '41-2011', uk: '7112' },
  // SOC 2018 41-1011 covers supervisors with management functions, which is what a store manager is.
  { title: 'Store Manager', us: '41-1011', uk: '1150' },
  { title: 'Retail Supervisor', us: '41-1011', uk: '7132' },
  { title: 'Visual Merchandiser', us: '27-1026', uk: '7125' },
  { title: 'Shelf Stacker', us: '53-7065', uk: '9241' },

  // Customer service
  { title: 'Customer Service Advisor x3', us: '43-4051', uk: '7219' },
  { title: 'Call Centre Agent', us: '43-4051', uk: '7211' },
  { title: 'Complaints Handler', us: '43-4051', uk: '7219' },
  { title: 'Customer Service Team Leader', us: '43-1011', uk: '7220' },
  { title: 'Customer Service Manager', us: '43-1011', uk: '4143' },

  // Administration and office support
  { title: 'Administrator', us: '43-9061', uk: '4159' },
  // SOC 2018 names administrative assistants in 43-6014's own title ("Secretaries and Administrative Assistants,
  // Except Legal, Medical, and Executive"); general office clerks (43-9061) are duties too varied for any of them.
  { title: 'Admin Assistant', us: '43-6014', uk: '4159' },
  { title: 'Office Admin (Part Time)', us: '43-9061', uk: '4159' },
  { title: 'Administrative Officer', us: '43-9061', uk: '4159' },
  { title: 'Office Manager', us: '43-1011', uk: '4141' },
  { title: 'Receptionist 0.6 FTE', us: '43-4171', uk: '4216' },
  { title: 'Executive Assistant to the CEO', us: '43-6011', uk: '4215' },
  { title: 'Team Secretary', us: '43-6014', uk: '4215' },
  { title: 'Medical Secretary', us: '43-6013', uk: '4211' },
  { title: 'Data Entry Clerk', us: '43-9021', uk: '4152' },
  { title: 'Filing Clerk', us: '43-4071', uk: '4131' },
  { title: 'Records Clerk', us: '43-4071', uk: '4131' },
  { title: 'Post Room Assistant', us: '43-9051', uk: '9211' },

  // Legal
  { title: 'Solicitor - Leeds', us: '23-1011', uk: '2412' },
  { title: 'Legal Counsel', us: '23-1011', uk: '2412' },
  { title: 'Senior Environment Officer', us: '19-2041', uk: '2152' },
  { title: 'Senior Legal Adviser', us: '23-1011', uk: '2419' },
  // A senior head of a legal team: a lawyer in SOC 2018, a functional manager in SOC 2020.
  { title: 'Director of Legal Services', us: '23-1011', uk: '1139' },
  { title: 'Deputy Director - Litigation', us: '23-1011', uk: '1139' },
  { title: 'Paralegal (Temp)', us: '23-2011', uk: '3520' },
  { title: 'Conveyancer', us: '23-2011', uk: '3520' },
  { title: 'Legal Secretary', us: '43-6012', uk: '4212' },

  // Risk, compliance, quality and safety
  { title: 'Compliance Officer', us: '13-1041', uk: '2482' },
  { title: 'AML Analyst', us: '13-1041', uk: '2482' },
  { title: 'Data Protection Officer', us: '13-1041', uk: '2482' },
  { title: 'Risk Manager', us: '13-2054', uk: '2422' },
  { title: 'Health and Safety Advisor', us: '19-5011', uk: '3582' },
  { title: 'Quality Manager', us: '11-3051', uk: '2482' },

  // Procurement and logistics
  { title: 'Procurement Manager £45k', us: '11-3061', uk: '1134' },
  { title: 'Buyer', us: '13-1023', uk: '3551' },
  { title: 'Procurement Specialist', us: '13-1023', uk: '3551' },
  { title: 'Supply Chain Manager', us: '11-3071', uk: '1243' },
  { title: 'Transport Manager', us: '11-3071', uk: '1241' },
  { title: 'Warehouse Manager', us: '11-3071', uk: '1242' },
  { title: 'Warehouse Team Leader', us: '53-1042', uk: '9251' },
  { title: 'Warehouse Operative - Nights', us: '53-7062', uk: '9252' },
  { title: 'Picker Packer', us: '53-7062', uk: '9252' },
  { title: 'Logistics Coordinator', us: '43-5011', uk: '4134' },
  { title: 'Stock Controller', us: '43-5071', uk: '4133' },
  { title: 'Supply Chain Planner', us: '13-1081', uk: '3549' },
  { title: 'HGV Driver', us: '53-3032', uk: '8211' },
  { title: 'HGV Class 1 Driver', us: '53-3032', uk: '8211' },
  { title: 'Class 2 Driver', us: '53-3032', uk: '8211' },
  // A skip operator drives and works the loader of a skip lorry, a large goods vehicle.
  { title: 'Skip Operator', us: '53-3032', uk: '8211' },
  { title: 'Delivery Driver (Agency)', us: '53-3033', uk: '8214' },
  { title: 'Courier', us: '53-3033', uk: '8214' },
  { title: 'Forklift Driver', us: '53-7051', uk: '8222' },
  // Heavy equipment is construction plant (graders, bulldozers, excavators): SOC 2018's construction equipment
  // operators, SOC 2020's mobile machine operatives not elsewhere classified.
  { title: 'Heavy Equipment Operator', us: '47-2073', uk: '8229' },

  // Facilities, property and trades
  { title: 'Facilities Manager', us: '11-3013', uk: '1251' },
  { title: 'Maintenance Engineer', us: '49-9071', uk: '5223' },
  { title: 'Cleaner 20 hrs', us: '37-2011', uk: '9223' },
  // Maids and Housekeeping Cleaners name hotels and hospitals; UK 6231 Housekeepers has no ASHE pay.
  { title: 'Housekeeper', us: '37-2012', uk: '9223' },
  { title: 'Domestic Assistant', us: '37-2012', uk: '9223' },
  { title: 'Housekeeping Supervisor', us: '37-1011', uk: '6240' },
  { title: 'Caretaker', us: '37-2011', uk: '6232' },
  { title: 'Security Officer - Canary Wharf', us: '33-9032', uk: '9231' },
  { title: 'Gardener', us: '37-3011', uk: '5113' },
  { title: 'Electrician', us: '47-2111', uk: '5241' },
  { title: 'Plumber', us: '47-2152', uk: '5315' },
  { title: 'Car Wash Attendant', us: '53-7061', uk: '9226' },

  // Health and care
  { title: 'Band 5 Staff Nurse', us: '29-1141', uk: '2237' },
  { title: 'Registered Nurse (Bank)', us: '29-1141', uk: '2237' },
  { title: 'Mental Health Nurse', us: '29-1141', uk: '2235' },
  { title: 'Healthcare Assistant Band 3', us: '31-1131', uk: '6131' },
  { title: 'Care Asst - Nights', us: '31-1122', uk: '6135' },
  { title: 'Support Worker', us: '31-1122', uk: '6135' },
  { title: 'Senior Care Assistant', us: '31-1122', uk: '6136' },
  { title: 'Care Home Manager', us: '11-9111', uk: '1232' },
  { title: 'Registered Care Manager', us: '11-9111', uk: '1232' },
  { title: 'GP Practice Manager', us: '11-9111', uk: '1231' },
  { title: 'Physiotherapist', us: '29-1123', uk: '2221' },
  { title: 'Occupational Therapist', us: '29-1122', uk: '2222' },
  { title: 'Pharmacist', us: '29-1051', uk: '2251' },
  { title: 'Pharmacy Technician', us: '29-2052', uk: '3212' },
  { title: 'Pharmacy Assistant', us: '31-9095', uk: '7114' },
  { title: 'Paramedic', us: '29-2043', uk: '2255' },
  { title: 'Radiographer', us: '29-2034', uk: '2254' },
  { title: 'Dental Nurse', us: '31-9091', uk: '6133' },
  { title: 'Clinical Psychologist', us: '19-3033', uk: '2225' },
  { title: 'GP', us: '29-1215', uk: '2211' },
  { title: 'Social Worker', us: '21-1021', uk: '2461' },
  { title: 'Hospital Porter', us: '31-1132', uk: '9262' },

  // Education and childcare
  { title: 'Teacher', us: '25-2031', uk: '2313' },
  { title: 'Head Teacher', us: '11-9032', uk: '2321' },
  { title: 'Deputy Headteacher', us: '11-9032', uk: '2321' },
  { title: 'Teaching Assistant Level 3', us: '25-9042', uk: '6112' },
  { title: 'Learning Support Assistant', us: '25-9042', uk: '6112' },
  { title: 'Lecturer', us: '25-1199', uk: '2311' },
  { title: 'Nursery Nurse', us: '39-9011', uk: '3232' },
  { title: 'Early Years Practitioner', us: '39-9011', uk: '3232' },
  { title: 'Nursery Assistant', us: '39-9011', uk: '6111' },
  { title: 'Librarian', us: '25-4022', uk: '2471' },

  // Hospitality, leisure and the arts
  { title: 'Chef (Relief)', us: '35-1011', uk: '5434' },
  { title: 'Head Chef', us: '35-1011', uk: '5434' },
  { title: 'Sous Chef', us: '35-1011', uk: '5434' },
  { title: 'School Cook', us: '35-2012', uk: '5435' },
  { title: 'Kitchen Porter (Casual)', us: '35-9021', uk: '9263' },
  { title: 'Catering Assistant', us: '35-2021', uk: '9263' },
  { title: 'Catering Manager', us: '11-9051', uk: '5436' },
  { title: 'Restaurant Manager', us: '11-9051', uk: '1222' },
  { title: 'Hotel Manager', us: '11-9081', uk: '1221' },
  { title: 'Hotel Receptionist', us: '43-4081', uk: '4216' },
  { title: 'Bar Staff', us: '35-3011', uk: '9265' },
  { title: 'Barista', us: '35-3023', uk: '9266' },
  { title: 'Lifeguard', us: '33-9092', uk: '6211' },
  { title: 'Fitness Instructor', us: '39-9031', uk: '3433' },
  { title: 'Personal Trainer', us: '39-9031', uk: '3433' },
  // UK 3415 Musicians has no ASHE pay; the build files musicians' titles under 3417, the priced unit group
  // of the same minor group, so the curated rule does too.
  { title: 'Musician', us: '27-2042', uk: '3417' },
  { title: 'Saxophone Player', us: '27-2042', uk: '3417' },

  // Manufacturing and engineering
  { title: 'Production Manager', us: '11-3051', uk: '1121' },
  { title: 'Production Supervisor', us: '51-1011', uk: '8160' },
  { title: 'Production Operative', us: '51-9199', uk: '8149' },
  { title: 'Factory Worker', us: '51-9199', uk: '8149' },
  { title: 'Assembly Operative', us: '51-2092', uk: '8149' },
  { title: 'Quality Inspector', us: '51-9061', uk: '8143' },
  { title: 'CNC Machinist', us: '51-9161', uk: '5221' },
  { title: 'Mechanical Engineer', us: '17-2141', uk: '2122' },
  { title: 'Electrical Engineer', us: '17-2071', uk: '2123' },
  { title: 'Manufacturing Engineer', us: '17-2112', uk: '2125' },
  { title: 'Project Engineer', us: '17-2199', uk: '2127' },
  { title: 'Laboratory Technician', us: '19-4099', uk: '3111' },
  { title: 'Research Scientist', us: '19-1029', uk: '2119' },

  // Construction
  // Construction Managers "plan, direct, or coordinate" building work; UK 1122 directs construction.
  { title: 'Site Manager', us: '11-9021', uk: '1122' },
  { title: 'Site Supervisor', us: '47-1011', uk: '5330' },
  { title: 'Quantity Surveyor', us: '13-1051', uk: '2453' },
  { title: 'Estimator', us: '13-1051', uk: '3541' },
  { title: 'Architect', us: '17-1011', uk: '2451' },
  { title: 'Labourer', us: '47-2061', uk: '9129' },
  { title: 'Carpenter', us: '47-2031', uk: '5316' },
  { title: 'Joiner', us: '47-2031', uk: '5316' },
  { title: 'Bricklayer', us: '47-2021', uk: '5313' },
  { title: 'Painter and Decorator', us: '47-2141', uk: '5323' },

  // Banking and insurance
  { title: 'Bank Cashier', us: '43-3071', uk: '4123' },
  { title: 'Underwriter', us: '13-2053', uk: '3532' },
  { title: 'Loss Adjuster', us: '13-1031', uk: '3541' },
  { title: 'Claims Administrator', us: '43-9041', uk: '4132' },
  { title: 'Mortgage Adviser', us: '13-2072', uk: '2422' },
  { title: 'Portfolio Analyst', us: '13-2051', uk: '2422' },
  { title: 'CNC Programmer', us: '51-9162', uk: '5221' },

  // Public sector and charity
  // SOC 2020 2439 "advise on the formulation and implementation of policy in the public and private
  // sectors"; SOC 2018 has no policy occupation, and O*NET files policy advisers and legislative analysts
  // under social scientists, so 19-3094 Political Scientists (curated.ts).
  { title: 'Policy Officer', us: '19-3094', uk: '2439' },
  { title: 'Policy Advisor, HEO', us: '19-3094', uk: '2439' },
  // "Executive Officer" alone is the civil-service grade (the ONS index: "executive officer (government)"
  // and "civil servant (AA, AO, EO)" 4111), an office post; the head of a body is a chief executive.
  { title: 'Executive Officer', us: '43-9061', uk: '4111' },
  // Private secretaries run a minister's or senior official's office (the ONS index: "private secretary
  // (government)" 2439); US 43-6011 Executive Secretaries, and a principal private secretary heads the office.
  { title: 'Private Secretary', us: '43-6011', uk: '2439' },
  { title: 'Principal Private Secretary', us: '11-3012', uk: '2439' },
  { title: 'Planning Officer', us: '19-3051', uk: '2452' },
  { title: 'Environmental Health Officer', us: '19-5011', uk: '2483' },
  { title: 'Council Tax Officer', us: '13-2081', uk: '4112' },
  { title: 'Police Officer', us: '33-3051', uk: '3312' },
  { title: 'Prison Officer', us: '33-3012', uk: '3314' },
  { title: 'Civil Enforcement Officer', us: '33-3041', uk: '6312' },
  { title: 'Refuse Collector', us: '53-7081', uk: '9225' },
  { title: 'Probation Officer', us: '21-1092', uk: '2462' },
  { title: 'Fundraiser', us: '13-1131', uk: '4113' },
];
