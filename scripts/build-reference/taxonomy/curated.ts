/**
 * Hand-written rules placed before the induced ones: office and service titles that dominate real staff
 * lists but that the public title lists code poorly (O*NET and the ONS index lean towards older and
 * industrial titles, so "Customer Service Advisor" learns from an automotive "service advisor" and "Care
 * Assistant" from animal care). Codes were chosen from the SOC 2018 and SOC 2020 definitions, never by
 * looking at held-out titles. Each names a (US SOC 2018, UK SOC 2020) pair; the UK code must have ASHE pay.
 * Patterns run against the cleaned, normalised title ("hr" is already "human resources").
 *
 * Division rules come first and only match a bare title ("Associate", "Analyst") in a division whose name
 * equals the rule's exactly, in the spellings staff lists commonly use.
 */

export interface CuratedRule {
  pattern: string;
  us: string;
  uk: string;
  /** The rule applies only to rows whose division equals this text exactly. */
  division?: string;
}

type Spec = [pattern: string, us: string, uk: string];

const DIVISIONS: Record<string, Spec[]> = {
  legal: [
    ['^(?:(?:senior|junior|managing) )?associate$|^(?:(?:equity|salaried|senior|managing) )?partner$|^trainee$|^counsel$', '23-1011', '2412'],
  ],
  finance: [
    ['^(?:(?:senior|junior|lead) )?analyst$', '13-2051', '2422'],
    ['^(?:(?:senior|junior) )?(?:assistant|administrator|officer|clerk)$', '43-3031', '4122'],
    ['^(?:(?:senior|assistant) )?manager$|^head$', '11-3031', '1131'],
    ['^business partner$', '13-2011', '2421'],
  ],
  hr: [
    ['^(?:(?:senior|junior) )?(?:advisor|adviser|officer|business partner|partner|generalist|consultant)$', '13-1071', '3571'],
    ['^(?:(?:senior|junior) )?(?:administrator|assistant|coordinator)$', '43-4161', '4136'],
    ['^(?:(?:senior|assistant) )?manager$|^head$', '11-3121', '1136'],
  ],
  it: [
    ['^(?:(?:senior|junior|lead) )?analyst$', '15-1211', '2133'],
    ['^(?:(?:senior|junior|lead|principal) )?(?:engineer|developer|programmer)$', '15-1252', '2134'],
    ['^(?:(?:senior|junior) )?(?:technician|support|support officer)$', '15-1232', '3132'],
    ['^(?:(?:senior|assistant) )?manager$|^head$', '11-3021', '2132'],
  ],
  sales: [
    ['^(?:(?:senior|junior) )?(?:executive|representative|associate|consultant|advisor|adviser)$', '41-3091', '3552'],
    ['^(?:(?:senior|assistant|area|regional) )?manager$', '11-2022', '3556'],
  ],
  marketing: [
    ['^(?:(?:senior|junior) )?(?:executive|assistant|coordinator|officer|specialist|analyst)$', '13-1161', '3554'],
    ['^(?:(?:senior|assistant) )?manager$', '11-2021', '2432'],
  ],
};

const DIVISION_NAMES: Record<keyof typeof DIVISIONS, string[]> = {
  legal: ['Legal', 'LEGAL', 'legal', 'Legal Services', 'Legal & Compliance'],
  finance: ['Finance', 'FINANCE', 'finance', 'Finance & Accounting', 'Accounts', 'Accounting'],
  hr: ['HR', 'Human Resources', 'HUMAN RESOURCES', 'People', 'People & Culture', 'People Team'],
  it: ['IT', 'Technology', 'TECHNOLOGY', 'Information Technology', 'Engineering & Technology', 'Tech'],
  sales: ['Sales', 'SALES', 'sales', 'Commercial'],
  marketing: ['Marketing', 'MARKETING', 'marketing', 'Marketing & Communications'],
};

/** Fields whose managers and specialists two rules code apart (the managers' rule first): one word list each. */
const REWARD = '(?:reward|compensation|benefits|compensation and benefits|pay and reward)';
const COMPLIANCE = '(?:compliance|regulatory|regulatory compliance|aml|kyc|financial crime|governance|data protection|privacy)';
/** The environment's field, whose support officers and team leaders two rules code by the field. */
const ENVIRONMENT = '(?:environment|environmental|flood|flooding|pollution|hydrology|hydrometry|ecology|fisheries|water quality)';

const GENERAL: Spec[] = [
  // Executive leadership
  ['^(?:group )?(?:chief executive(?: officer)?|ceo)$|\\bmanaging director\\b|^md$|^(?:director|executive director|board director|non executive director|ned)$', '11-1011', '1111'],
  ['\\b(?:chief financial officer|cfo)\\b|\\bchief (?:accounting|risk|investment) officer\\b', '11-1011', '1131'],
  ['\\b(?:chief operating officer|coo)\\b|^(?:(?:senior|executive|assistant) )?vice president$|^(?:(?:equity|salaried|managing|senior) )?partner$', '11-1011', '1111'],
  // The BLS direct-match file codes "Chief Technology Officer" to 11-3021, as a chief people or marketing officer
  // is coded to the function's manager below; a chief financial officer it codes to 11-1011.
  ['\\b(?:chief (?:technology|technical|information|digital|data|information security|product) officer|cto|cio|ciso|cdo)\\b', '11-3021', '1137'],
  ['\\b(?:chief (?:people|human resources|hr) officer|chro)\\b', '11-3121', '1136'],
  ['\\b(?:chief (?:marketing|brand|growth) officer|cmo)\\b', '11-2021', '1132'],
  ['\\b(?:chief (?:commercial|revenue|sales) officer|cco|cro)\\b', '11-2022', '1132'],
  ['\\bchief procurement officer\\b', '11-3061', '1134'],
  ['^(?:(?:deputy|assistant) )?general manager$', '11-1021', '1139'],
  // A company's "Head of Department" names no function: Managers, All Other and functional managers n.e.c.
  // A school head of department is a teacher (2313), but the staff lists this service reads are companies'.
  // A bare "Deputy Head" on a company list is the deputy of a department head, not a school's deputy head.
  ['^(?:(?:deputy|assistant) )?(?:head of department|department head)$|^(?:department|departmental) manager$|^(?:deputy|assistant) head$', '11-9199', '1139'],

  // Finance
  ['\\b(?:assistant|part qualified|trainee|apprentice|junior) accountant\\b|\\baccounting technician\\b|\\baat\\b', '43-3031', '3533'],
  ['\\b(?:finance|financial) (?:director|controller)\\b|\\bdirector of finance\\b|\\bhead of (?:finance|accounting|financial)\\b|\\bgroup (?:financial )?controller\\b|^controller$|\\bfinance manager\\b|\\btreasurer\\b|\\btreasury (?:manager|director|lead)\\b|\\b(?:fp&a|fp & a|fp a|financial planning(?: and analysis| & analysis)?) (?:manager|director)\\b|\\bhead of (?:fp&a|fp & a|fp a|financial planning)\\b', '11-3031', '1131'],
  // Managing investments is analysing them (13-2051, 2422 "advise on the purchase of investments"). A bare
  // "Portfolio Manager" is anchored so that "Project Portfolio Manager" still reaches the project rule.
  ['\\b(?:fund|investment|equity|fixed income|multi asset) (?:portfolio )?manager\\b|^(?:(?:senior|lead|assistant|associate) )?portfolio (?:manager|analyst)$', '13-2051', '2422'],
  ['\\bactuary\\b|\\bactuarial (?:analyst|student|trainee|manager|consultant|director|associate|specialist)\\b', '15-2011', '2433'],
  ['\\b(?:finance|financial) business partner\\b|\\b(?:management|financial|chartered|certified|group|project|fund|qualified|senior|systems|cost|tax|newly qualified|technical|statutory|management accounts|reporting) accountant\\b|^accountant$|\\b(?:internal|external|it|senior|group|lead) auditor\\b|^auditor$|\\baudit (?:manager|senior|associate|assistant|director|partner)\\b', '13-2011', '2421'],
  ['\\btax (?:manager|advisor|adviser|consultant|specialist|analyst|director|partner|senior|associate|lead)\\b|\\bhead of tax\\b', '13-2011', '2423'],
  ['\\b(?:fp&a|fp a|financial planning(?: and analysis| & analysis)?|finance|financial|budget|commercial finance|treasury|investment|credit|pricing) (?:analyst|partner|lead)\\b', '13-2051', '2422'],
  ['\\bpayroll (?:manager|lead|supervisor|team leader|director)\\b|\\bhead of payroll\\b', '11-3111', '4122'],
  ['\\bpayroll (?:administrator|assistant|clerk|officer|specialist|executive|coordinator|advisor|adviser|analyst|technician)\\b|^payroll$', '43-3051', '4122'],
  ['\\bcredit control(?:ler)?\\b|\\bcredit (?:and collections|collections) (?:officer|analyst|specialist|executive)\\b|\\bcollections (?:officer|agent|specialist|executive|advisor|adviser)\\b', '43-3011', '4121'],
  ['\\baccounts (?:assistant|administrator|clerk|officer|executive|supervisor|team leader|senior)\\b|\\b(?:accounts payable|accounts receivable|purchase ledger|sales ledger|ledger|purchase to pay|p2p|ap|ar|billing|finance) (?:clerk|assistant|administrator|specialist|executive|analyst|team leader|supervisor|coordinator)\\b|\\b(?:accounts payable|accounts receivable|purchase ledger|sales ledger|ledger|purchase to pay|p2p|ap|ar|billing) officer\\b|\\bbook ?keeper\\b', '43-3031', '4122'],
  // The ONS index codes "Officer, finance" 4124 Finance officers (an accounts clerk is 4122).
  ['\\bfinance officer\\b', '43-3031', '4124'],

  // HR
  ['\\b(?:human resources|people|personnel|talent) director\\b|\\bdirector of (?:human resources|people|talent)\\b|\\bhead of (?:human resources|people|talent|recruitment|resourcing|reward|learning)\\b', '11-3121', '1136'],
  ['\\b(?:human resources|people|personnel) (?:business partner|manager|lead)\\b|\\b(?:recruitment|talent acquisition|resourcing) (?:manager|lead)\\b', '11-3121', '1136'],
  ['\\b(?:learning and development|learning & development|l&d|training|learning) (?:manager|director|lead)\\b', '11-3131', '1136'],
  // Before the learning rule, whose bare "trainer" would take personal trainers.
  ['\\bpersonal trainer\\b|\\b(?:fitness|gym|exercise|group exercise|pilates|yoga) (?:instructor|trainer|coach|teacher)\\b', '39-9031', '3433'],
  ['\\b(?:learning and development|learning & development|l&d|training|learning) (?:specialist|advisor|adviser|coordinator|officer|consultant|partner|designer)\\b|\\btrainer\\b', '13-1151', '3574'],
  // The ONS index codes "manager, reward" and "manager, compensation and benefits" 1136 with HR managers; SOC
  // 2018 has their own managers' code, 11-3111. Analysts, advisers and specialists of reward stay 13-1141 / 3571.
  [`\\b${REWARD} (?:manager|director)\\b`, '11-3111', '1136'],
  [`\\b${REWARD} (?:analyst|specialist|advisor|adviser|lead|partner|consultant)\\b`, '13-1141', '3571'],
  ['\\b(?:human resources|people|personnel) (?:administrator|assistant|coordinator|support officer|officer assistant)\\b|\\b(?:recruitment|resourcing) (?:administrator|assistant|coordinator)\\b|\\bonboarding (?:coordinator|administrator)\\b', '43-4161', '4136'],
  ['\\b(?:human resources|people|personnel|employee relations|er) (?:advisor|adviser|officer|generalist|specialist|consultant|partner|analyst)\\b|\\brecruiter\\b|\\b(?:recruitment|resourcing) (?:consultant|advisor|adviser|partner|specialist|officer|executive|resourcer)\\b|\\btalent (?:acquisition|partner)\\b|\\b(?:resourcer|sourcer)\\b', '13-1071', '3571'],

  // Technology
  // Before the software rule's bare "programmer": a CNC programmer writes machine-tool programs (SOC 2018 51-9162).
  ['\\b(?:cnc|cam|nc) programmer\\b', '51-9162', '5221'],
  ['\\b(?:it|technology|information technology|digital|infrastructure) (?:director|head)\\b|\\bhead of (?:it|technology|digital|engineering|infrastructure|software|development|platform)\\b|\\bdirector of (?:it|technology|engineering)\\b|\\bvice president (?:of )?engineering\\b', '11-3021', '1137'],
  ['\\b(?:it|technology|information technology|infrastructure) manager\\b|\\b(?:software engineering|software development|engineering) manager\\b', '11-3021', '2132'],
  ['\\bscrum master\\b|\\bagile (?:coach|delivery manager|project manager)\\b|\\bdelivery manager\\b|\\b(?:it|technical|technology|software|digital|infrastructure|erp|crm|sap) (?:project|programme|program) manager\\b', '15-1299', '2131'],
  ['\\bweb developer\\b', '15-1254', '2134'],
  ['\\b(?:software|backend|back end|frontend|front end|full stack|fullstack|web|mobile|ios|android|game|games|embedded|firmware|devops|dev ops|platform|site reliability|sre|build|release|application|applications) (?:engineer|developer|programmer)\\b|\\bprogrammer\\b|^(?:developer|software)$', '15-1252', '2134'],
  ['\\b(?:java|javascript|typescript|python|net|php|ruby|react|node|c#|c\\+\\+|golang|go|salesforce|rust|scala|kotlin|swift) (?:engineer|developer|programmer)\\b|\\b(?:tech|technical|development) lead\\b|\\blead developer\\b', '15-1252', '2134'],
  ['\\b(?:machine learning|ml|ai) (?:engineer|scientist)\\b', '15-2051', '2134'],
  ['\\b(?:data|big data|etl|analytics) engineer\\b', '15-1243', '2134'],
  ['\\b(?:data|insight|insights|reporting|mi|management information|bi|business intelligence|analytics|commercial|operational|performance|people) analyst\\b|\\b(?:bi|business intelligence|power bi|tableau) developer\\b', '15-2051', '3544'],
  ['\\bbusiness (?:analyst|systems analyst)\\b|\\bbusiness analysis\\b', '13-1111', '2431'],
  ['\\bproduct owner\\b|\\b(?:systems|it|technical|functional|erp|crm|salesforce) analyst\\b', '15-1211', '2133'],
  ['\\b(?:solutions?|enterprise|technical|software|cloud|security|systems|integration|it|infrastructure|technology) architect\\b', '15-1299', '2133'],
  ['\\b(?:data|database) architect\\b|\\bdatabase administrator\\b|\\bdba\\b|\\bdatabase (?:developer|engineer|analyst)\\b', '15-1242', '3133'],
  ['\\b(?:cloud|infrastructure|systems|system|linux|windows|server|m365|microsoft 365|azure|aws) (?:engineer|administrator|specialist|analyst)\\b|\\b(?:it|network) administrator\\b|\\bsysadmin\\b', '15-1244', '3131'],
  ['\\bnetwork (?:engineer|architect|analyst|specialist)\\b', '15-1241', '2137'],
  ['\\b(?:cyber|cyber security|cybersecurity|information security|infosec|it security|security operations|soc) (?:analyst|engineer|architect|consultant|specialist|manager|officer|lead)\\b|\\bsecurity (?:analyst|engineer|architect)\\b|\\bpenetration tester\\b', '15-1212', '2135'],
  // The ONS index codes a test manager in computing (and "manager, test, software") 2132 with IT managers, the
  // testers' own unit group being 2136: SOC 2018's computer and information systems managers, 11-3021.
  ['\\b(?:test|testing|software test|software testing) manager\\b', '11-3021', '2132'],
  ['\\b(?:qa|test|testing|automation test|software test|software quality|test automation) (?:engineer|analyst|lead|specialist)\\b|\\b(?:software|qa|manual|automation) tester\\b|^tester$', '15-1253', '2136'],
  // A "Product Designer" on a company list designs digital products; industrial designers are called so.
  ['\\b(?:ux|ui|ux ui|ui ux|user experience|user interface|interaction|service|digital|web|product) designer\\b|\\bux (?:researcher|writer|lead)\\b|\\buser researcher\\b|\\bcontent designer\\b', '15-1255', '2141'],
  ['\\b(?:it|desktop|technical|service desk|helpdesk|help desk|first line|1st line|second line|2nd line|3rd line|third line|application|applications|end user|field) support (?:analyst|engineer|technician|specialist|officer|agent|administrator)?\\b|\\b(?:service desk|helpdesk|help desk) (?:analyst|agent|technician|engineer|operator|operative)\\b|\\b(?:desktop|it) (?:engineer|technician)\\b|\\bit support\\b', '15-1232', '3132'],
  ['\\bit (?:analyst|consultant|specialist|officer|coordinator)\\b', '15-1211', '2139'],

  // Fire service drivers and pump or apparatus operators are firefighters: O*NET files "Fire Engine Pump
  // Operator" and "Fire Apparatus Engineer" under 33-2011 (the ONS index: "Firefighter" 3313).
  ['\\bfire (?:engine |apparatus )?pump operator\\b|\\bfire apparatus (?:operator|engineer|driver)\\b|\\bfire (?:emergency )?(?:vehicle|engine|apparatus) (?:driver|operator)\\b', '33-2011', '3313'],

  // Data, projects, change and consulting
  ['\\bdata scientist\\b', '15-2051', '2433'],
  // SOC 2018 has statisticians of their own (15-2041; O*NET "Survey Statistician", "Research Statistician").
  ['\\b(?:bio)?statistician\\b', '15-2041', '2433'],
  // A programme runs several projects: the ONS index codes "Manager, programme" and "Director, programme" 1139,
  // and O*NET puts "Project Director" in 11-9199; a project manager is a project management professional.
  ['\\b(?:programme|program) (?:manager|director|lead)\\b|\\bproject director\\b|\\bhead of programmes\\b', '11-9199', '1139'],
  ['\\b(?:project|pmo|transformation) (?:manager|lead)\\b|\\btransformation director\\b|\\b(?:project|programme|change) portfolio (?:manager|director|lead)\\b|\\bhead of (?:pmo|projects|delivery|transformation)\\b', '13-1082', '2440'],
  ['\\b(?:project|programme|program|pmo|portfolio) (?:coordinator|administrator|support officer|officer|assistant|analyst|support|controller|planner)\\b', '13-1082', '3543'],
  ['\\b(?:management|strategy|business|change|transformation|process improvement|continuous improvement|business improvement|operational excellence|lean) consultant\\b|\\b(?:change|transformation|business improvement|continuous improvement|process improvement|strategy|corporate development) (?:manager|analyst|lead|director|partner)\\b|^(?:(?:senior|principal|managing|associate|lead) )?consultant$|^(?:senior )?associate$', '13-1111', '2431'],
  ['\\bhead of operations\\b|\\b(?:operations|ops|business operations) (?:manager|director|lead)\\b|\\bdirector of operations\\b|\\bchief of staff\\b', '11-1021', '1139'],

  // Marketing and communications
  ['\\b(?:marketing|brand|digital|growth|content|crm|communications|comms|partnerships|ecommerce|e commerce) director\\b|\\bhead of (?:marketing|brand|communications|comms|digital marketing|growth|content|crm|ecommerce|e commerce|social media)\\b|\\bdirector of (?:marketing|communications)\\b', '11-2021', '1132'],
  ['\\b(?:marketing|brand|digital marketing|product marketing|growth|content marketing|performance marketing|crm|campaign|campaigns|ecommerce|e commerce|trade marketing|channel marketing|field marketing|lifecycle marketing|product|category) manager\\b|\\bhead of product\\b|\\bproduct director\\b', '11-2021', '2432'],
  ['\\b(?:marketing|brand|digital marketing|product marketing|content marketing|crm|campaign|campaigns|ecommerce|e commerce|trade marketing|marketing communications) (?:executive|assistant|coordinator|officer|specialist|analyst|associate|lead|apprentice)\\b|\\bmarketer\\b|^marketing$', '13-1161', '3554'],
  ['\\b(?:seo|ppc|paid search|paid social|paid media|affiliate|affiliates|email marketing|social media|growth|digital|content) (?:executive|assistant|coordinator|officer|specialist|analyst|associate|lead|manager|apprentice)\\b', '13-1161', '3554'],
  // A communications manager directs the work (SOC 2018 11-2032; the ONS index codes "corporate communications
  // manager" 2493 and the ISCO-08 crosswalk puts both in 1222).
  ['\\b(?:communications|comms|corporate communications|internal communications|public relations|pr|press|media relations|public affairs) manager\\b', '11-2032', '2493'],
  ['\\b(?:communications|comms|corporate communications|internal communications|public relations|pr|press|media relations|public affairs) (?:support )?(?:officer|executive|advisor|adviser|specialist|lead|coordinator|assistant|partner|consultant|representative)\\b|\\bspokesperson\\b', '27-3031', '2493'],
  ['\\b(?:event|events|conference|meetings and events) (?:manager|coordinator|organiser|organizer|planner|executive|officer|producer)\\b', '13-1121', '3557'],
  ['\\b(?:content|copy|technical|bid|proposal|grant|ux) writer\\b|\\bcopywriter\\b|\\bcontent (?:creator|editor|producer)\\b', '27-3043', '3412'],
  ['\\bgraphic designer\\b|\\b(?:visual|creative|motion|motion graphics|multimedia|digital) designer\\b', '27-1024', '2142'],

  // Sales and account management
  ['\\b(?:sales|commercial|business development|revenue|partnerships) director\\b|\\bhead of (?:sales|business development|commercial|partnerships|revenue|accounts)\\b|\\bdirector of (?:sales|business development)\\b', '11-2022', '1132'],
  ['\\b(?:sales|regional sales|area sales|national sales|inside sales|field sales|channel sales|telesales|internal sales|sales team) manager\\b', '11-2022', '3556'],
  ['\\b(?:key account|key accounts|account|client|business development|partnerships|partnership|partner|channel|territory|new business|client relationship|strategic account|national account|global account|customer success|client success) (?:manager|director|lead|partner)\\b', '41-3091', '3556'],
  ['\\b(?:telesales|telemarketing|outbound sales|inbound sales)\\b|\\bsales (?:agent|advisor|adviser) (?:inbound|outbound)\\b', '41-9041', '7113'],
  ['\\bpre ?sales (?:engineer|consultant)\\b|\\bsales engineer\\b|\\bsolutions? (?:engineer|consultant)\\b', '41-9031', '3552'],
  ['\\b(?:sales|business development|inside sales|field sales|b2b sales|new business|account|internal sales|sales development|customer success|client success|success) (?:executive|representative|consultant|associate|advisor|adviser|specialist|coordinator|rep)\\b|\\b(?:bdr|sdr)\\b|^(?:salesperson|sales|sales person)$', '41-3091', '3552'],
  // Not "sales assistant": in UK usage that is a shop assistant (retail rule below).
  ['\\bsales (?:administrator|administration|support|coordinator|order processor)\\b|\\border processor\\b', '43-4151', '4151'],
  ['\\binsurance (?:broker|agent|sales agent)\\b', '41-3021', '3531'],

  // Customer service and contact centres
  ['\\b(?:customer service|customer services|customer care|customer support|customer experience|contact centre|call centre|contact center|call center|complaints|service desk) (?:manager|director|head)\\b|\\bhead of customer\\b', '43-1011', '4143'],
  ['\\b(?:customer service|customer services|customer care|customer support|customer experience|contact centre|call centre|contact center|call center) (?:team leader|supervisor|team manager|team lead)\\b', '43-1011', '7220'],
  ['\\b(?:contact|call) cent(?:re|er) (?:agent|advisor|adviser|operator|representative|handler|consultant|associate|executive)\\b|\\bcall handler\\b|\\bcontact cent(?:re|er)\\b|\\bcall cent(?:re|er)\\b', '43-4051', '7211'],
  ['\\bcustomer (?:service|services|care|support|experience|contact|relations|success|liaison|advice) (?:advisor|adviser|representative|agent|assistant|associate|executive|officer|specialist|consultant|operator|coordinator|administrator|team member|colleague|handler|champion)\\b|\\b(?:complaints|complaint) (?:handler|advisor|adviser|officer|executive|specialist|coordinator)\\b|^customer service$', '43-4051', '7219'],

  // Administration and office support
  ['\\b(?:executive assistant|personal assistant|pa to|ea to|executive pa)\\b|^(?:pa|ea)$', '43-6011', '4215'],
  // "Assistant to the Commissioner": the assistant of one office holder, as in US city payrolls.
  ['^(?:(?:special|personal|executive|administrative|confidential|senior) )?assistant to\\b', '43-6011', '4215'],
  ['\\bmedical secretary\\b', '43-6013', '4211'],
  ['\\blegal secretary\\b', '43-6012', '4212'],
  ['\\bschool (?:secretary|administrator|office manager)\\b', '43-6014', '4213'],
  ['\\bcompany secretary\\b|\\bcompany secretarial\\b|\\bhead of governance\\b', '23-1011', '2419'],
  ['^(?:(?:team|department|departmental|group) )?secretary$', '43-6014', '4215'],
  ['\\b(?:hotel|front office|guest services) (?:receptionist|agent)\\b|\\bnight auditor\\b', '43-4081', '4216'],
  ['\\breceptionist\\b|\\bfront desk (?:agent|assistant|coordinator|administrator|officer)\\b|\\bfront of house (?:assistant|coordinator|administrator|officer)\\b', '43-4171', '4216'],
  ['\\boffice manager\\b', '43-1011', '4141'],
  // The civil-service grade SEO used as a post's title, as organograms list junior posts: the ONS index's
  // "senior executive officer (government)" and "civil servant (HEO, SEO)" are 3560; in SOC 2018 the nearest is
  // the office supervisor an SEO usually is (STAFF-TITLES.md, the grade-name convention). HEO is an index title.
  ['^senior executive officer$', '43-1011', '3560'],
  // SOC 2018 names administrative assistants with secretaries (43-6014, "Secretaries and Administrative
  // Assistants, Except Legal, Medical, and Executive"); the ONS index's "assistant, administrative" with no
  // industry is 4159 (the development titles code the bare title 43-6014 too).
  ['^(?:(?:senior|junior) )?(?:administrative|administrator|admin) (?:assistant|asst)$', '43-6014', '4159'],
  // Public-sector clerical classes ("Office Support Specialist", "Office Support Assistant"): SOC 2018 43-9061
  // Office Clerks, General ("duties too varied ... to be classified in any specific office clerical occupation";
  // O*NET "Administrative Office Specialist" is clerical too), the ONS index's "Assistant, office" 4159.
  ['\\boffice (?:support|services?) (?:specialist|assistant|associate|worker|clerk|aide)\\b', '43-9061', '4159'],
  ['\\b(?:data entry|data input) (?:clerk|operator|administrator|assistant|officer)\\b|^data entry$', '43-9021', '4152'],
  ['\\b(?:medical|health|patient|clinical) records (?:clerk|assistant|officer|administrator)\\b', '29-2072', '4131'],
  ['\\b(?:filing|file|records) (?:clerk|assistant)\\b', '43-4071', '4131'],
  ['\\b(?:post ?room|mail ?room)\\b|\\bmail (?:clerk|sorter|handler)\\b', '43-9051', '9211'],
  ['^(?:administrator|administration|clerk|office clerk|office junior)$|^(?:(?:senior|junior) )?(?:office|clerical|administration|administrative|administrator|business support|business|team|operations|general) (?:assistant|administrator|officer|coordinator|clerk|support)$', '43-9061', '4159'],

  // Legal, risk and compliance
  ['\\bbarrister\\b', '23-1011', '2411'],
  // The head of a legal team: the ONS index codes "Head of legal" and "Director, legal" 1139, and O*NET lists
  // "General Counselor" under Lawyers, so the US code stays the lawyer's whatever the head's rank. Legal
  // secretaries and assistants to a head have their rules above.
  ['^(?=.*\\b(?:director|head|chief)\\b)(?!.*\\blaw enforcement\\b).*\\b(?:legal|litigation|law)\\b', '23-1011', '1139'],
  // "Adviser, legal", "Counsel, general" and "Draftsman, parliamentary" are 2419 in the ONS index; a solicitor,
  // and an in-house legal counsel with them, 2412.
  ['\\b(?:general|parliamentary) counsel\\b|\\blegal advis[eo]r\\b|\\bparliamentary draftsman\\b', '23-1011', '2419'],
  ['\\b(?:legal counsel|in house counsel|in house lawyer|corporate counsel|solicitor|lawyer|attorney)\\b', '23-1011', '2412'],
  ['\\b(?:paralegal|legal assistant|legal executive|legal administrator|conveyancer|legal officer)\\b', '23-2011', '3520'],
  // Compliance and regulatory affairs managers and directors: O*NET's 11-9199.01 and .02 (SOC 2018 11-9199), and
  // the ONS index's "manager, compliance" and "director, compliance", 2482 like its officers.
  [`\\b${COMPLIANCE} (?:manager|director)\\b|\\bhead of compliance\\b`, '11-9199', '2482'],
  [`\\b${COMPLIANCE} (?:officer|analyst|advisor|adviser|specialist|lead|consultant|associate|executive)\\b|\\bmoney laundering reporting officer\\b|\\bmlro\\b`, '13-1041', '2482'],
  // Risks of the physical world (floods, fire, pollution, safety) are hazard work, not financial risk.
  ['^(?!.*\\b(?:flood|fire|coastal|environment\\w*|pollution|water|safety|hazard) risk\\b).*\\b(?:risk|operational risk|credit risk|market risk|enterprise risk|risk and control|risk & control) (?:manager|analyst|officer|advisor|adviser|specialist|consultant|director|lead|associate|partner)\\b|\\bhead of risk\\b', '13-2054', '2422'],
  ['\\b(?:health and safety|health & safety|h&s|hse|she|ehs|sheq|safety) (?:manager|advisor|adviser|officer|coordinator|lead|director|specialist|consultant|practitioner|business partner)\\b|\\bhead of (?:health and safety|health & safety|safety)\\b', '19-5011', '3582'],
  ['\\bquality (?:manager|director|lead|assurance manager|assurance lead|assurance officer|assurance specialist|systems manager|compliance manager)\\b|\\bhead of quality\\b', '11-3051', '2482'],

  // Procurement and logistics
  ['\\b(?:procurement|purchasing|sourcing|supply chain) (?:director|head)\\b|\\bhead of (?:procurement|purchasing|supply chain|sourcing)\\b', '11-3061', '1134'],
  ['\\b(?:procurement|purchasing|sourcing|category|strategic sourcing|commodity) manager\\b', '11-3061', '1134'],
  ['\\b(?:procurement|purchasing|sourcing|category|buying) (?:officer|specialist|analyst|executive|assistant|administrator|coordinator|advisor|adviser|lead|partner)\\b|^(?:(?:senior|junior|assistant|trainee|lead) )?buyer$|^purchaser$', '13-1023', '3551'],
  ['\\b(?:warehouse|stores) (?:manager|director|head)\\b', '11-3071', '1242'],
  ['\\b(?:transport|fleet|depot) (?:manager|director|head)\\b', '11-3071', '1241'],
  ['\\b(?:logistics|distribution|supply chain) (?:manager|director|head)\\b', '11-3071', '1243'],
  ['\\b(?:warehouse|distribution|depot|logistics|stores|goods in|goods inward) (?:supervisor|team leader|team lead|shift leader)\\b', '53-1042', '9251'],
  ['\\b(?:warehouse|distribution centre|distribution center|fulfilment|fulfillment|logistics|stores|goods in|goods inward|despatch|dispatch) (?:operative|assistant|worker|associate|colleague|team member|picker|packer|operator|person|hand|administrator clerk)\\b|\\bpicker packer\\b|\\border picker\\b|\\bstoreman\\b|\\bstores person\\b|^(?:picker|packer|warehouse)$', '53-7062', '9252'],
  // A bare "Planner" on a company list plans supply, stock or production.
  ['\\b(?:supply chain|demand|supply|inventory|material|materials|stock) (?:planner|analyst)\\b|\\blogistician\\b|^planner$', '13-1081', '3549'],
  ['\\b(?:logistics|shipping|freight|import|export|customs|despatch|dispatch|transport|traffic) (?:coordinator|administrator|clerk|assistant|officer|executive|controller|planner)\\b', '43-5011', '4134'],
  ['\\b(?:stock|inventory) (?:controller|control|clerk|administrator|coordinator)\\b', '43-5071', '4133'],
  // Cleaning drops bare numbers, so "Class 1 Driver" and "7.5 Tonne Driver" arrive as "class driver", "tonne driver".
  ['\\b(?:hgv|lgv|class|c\\+e|c1|tanker|trailer|articulated|artic|lorry|truck|tipper|tonne|skip|hook loader|roll on roll off) driver\\b|^(?:hgv|lgv)$|\\bskip (?:operator|loader operator)\\b', '53-3032', '8211'],
  ['\\b(?:delivery|van|multi drop|courier|parcel|home delivery) driver\\b|\\bcourier\\b|^driver$', '53-3033', '8214'],
  ['\\b(?:forklift|fork lift|flt|reach truck|counterbalance) (?:driver|operator|operative)\\b', '53-7051', '8222'],

  // Facilities and property
  ['\\b(?:facilities|facility|estates|workplace|building) (?:manager|director|head|lead)\\b|\\bhead of (?:facilities|estates|workplace)\\b', '11-3013', '1251'],
  // The ONS index's "estate officer" (no industry named) is 1251 Property, housing and estate managers; in SOC
  // 2018 they manage property, 11-9141 (the coder read "estate" as a real-estate loan officer's word).
  ['\\bestates? officer\\b', '11-9141', '1251'],
  ['\\b(?:maintenance|multi skilled|multiskilled|building maintenance|facilities maintenance|estates maintenance) (?:engineer|technician|operative|fitter|worker|person)\\b|\\bhandyman\\b|\\bhandyperson\\b', '49-9071', '5223'],
  ['\\b(?:housekeeping|cleaning|domestic services|domestic) (?:supervisor|team leader|manager)\\b|\\b(?:head|executive) housekeeper\\b', '37-1011', '6240'],
  // SOC 2018 37-2012 names hotels and hospitals; UK 6231 Housekeepers has no ASHE pay, so cleaners' 9223.
  ['^(?:domestic|domestic assistant|ward domestic|housekeeper|housekeeping assistant|chambermaid|(?:hotel )?room attendant)$|\\b(?:hotel|hospital|ward) (?:domestic|housekeeper|cleaner)\\b|\\bhousekeeping (?:assistant|operative|attendant)\\b', '37-2012', '9223'],
  ['^(?:cleaner|cleaning operative|cleaning assistant)$|\\b(?:office|contract|commercial|school|night|day|general|site|building) cleaner\\b|\\bcleaning (?:operative|assistant|technician)\\b', '37-2011', '9223'],
  // The ONS index codes "officer, security" 9231 wherever it is worked (aviation, courts), save where a word
  // names another service (information or IT security 2135, fire 3313, maritime 3319, social security 4111):
  // a security officer of a place (a library, a hospital, a court) is a guard, not a business operations specialist.
  ['^(?:security|security officer|security guard|security operative)$|\\b(?:security guard|door supervisor|security operative|static guard|night security|concierge security)\\b|\\b(?:site|retail|store|shop|library|hospital|school|campus|university|college|court|courthouse|museum|park|parks|housing|hotel|residential|building|facility|facilities|event|mobile|night|transit|port|airport|aviation|public) security officer\\b', '33-9032', '9231'],
  ['\\bcaretaker\\b|\\bpremises (?:officer|assistant)\\b', '37-2011', '6232'],
  // Command ranks above captain in a police or sheriff's service ("Police Major", "Police Lieutenant Colonel",
  // "Deputy Sheriff Major"), and in a fire service: SOC 2018 files police and fire command ranks with the
  // first-line supervisors of their services (O*NET lists precinct captains and deputy police chiefs in 33-1012),
  // the ONS index files inspectors and above in 1162 and senior fire officers in 1163 ("officer, fire, chief"). "Major"
  // alone had read as a drum major (musicians, 3415) beside fish and game wardens; a deputy fire chief as a manager
  // of other services (1259).
  ['\\b(?:police|sheriff|sheriffs)\\b.*\\b(?:major|colonel)\\b', '33-1012', '1162'],
  ['\\bfire\\b.*\\b(?:major|colonel|commander)\\b|\\b(?:deputy|assistant|district|division|divisional|battalion) fire chief\\b', '33-1021', '1163'],
  // A fire service's apparatus driver is a firefighter: O*NET lists apparatus operators, fire apparatus engineers
  // and fire engine pump operators in 33-2011, and the ONS index's "engineer, fire" is 3313. "Fire Emergency
  // Veh Drvr" had read as an ambulance driver (payrolls shorten vehicle and driver so).
  ['\\bfire\\b.*\\b(?:emergency (?:vehicle|veh)|apparatus|engine|appliance) (?:driver|drvr|dr|operator)\\b', '33-2011', '3313'],
  // Anchored: "Auto Electrician" is a vehicle trade.
  ['^(?:(?:approved|qualified|senior|domestic|commercial|industrial|site|installation|maintenance|lead|trainee|apprentice) )?electrician$|\\belectrical fitter\\b', '47-2111', '5241'],
  ['\\b(?:car wash|car valet|valeting) (?:attendant|operative|assistant|worker)\\b|\\b(?:car|vehicle|mobile) valeter\\b|^valeter$', '53-7061', '9226'],

  // Health and care
  ['\\bdental (?:nurse|assistant)\\b', '31-9091', '6133'],
  ['\\b(?:gp|surgery|medical|dental|clinic) practice manager\\b|^(?:(?:deputy|assistant) )?practice manager$', '11-9111', '1231'],
  ['\\b(?:care home|nursing home|registered care|residential care|domiciliary care|home care) manager\\b|^registered manager$', '11-9111', '1232'],
  ['\\b(?:pharmacy|dispensary|dispensing) (?:assistant|advisor|adviser|counter assistant)\\b|\\bmedicines counter assistant\\b', '31-9095', '7114'],
  ['\\b(?:clinical|counselling|counseling) psychologist\\b', '19-3033', '2225'],
  ['\\b(?:hospital|ward|theatre|theatres|patient) porter\\b', '31-1132', '9262'],
  // A porter with no setting moves goods and luggage: hand material movers, elementary storage n.e.c.
  ['^(?:porter|general porter|goods porter)$', '53-7062', '9259'],
  // A ward or theatre sister (charge nurse) is a registered nurse in charge of a ward.
  ['\\b(?:ward|theatre|junior|senior) sister\\b|^(?:sister|charge nurse|ward manager)$', '29-1141', '2237'],
  // Ward and unit clerks keep patient records for a ward: medical administrative assistants; UK records clerks.
  ['\\b(?:ward|unit|theatre) clerk\\b|\\bward (?:administrator|receptionist)\\b', '43-6013', '4131'],
  ['\\b(?:healthcare|health care|clinical support|nursing|hca) assistant\\b|^hca$|\\bhealthcare support worker\\b|\\bnursing auxiliary\\b', '31-1131', '6131'],
  ['\\bsenior (?:care|support) (?:assistant|worker|officer)\\b', '31-1122', '6136'],
  ['\\b(?:care|care support|domiciliary care|home care|residential care|care home|personal care) (?:assistant|worker|officer|practitioner|team member)\\b|^carer$|\\bhome carer\\b|\\bsupport worker\\b', '31-1122', '6135'],
  ['\\b(?:mental health|psychiatric|rmn) nurse\\b|^rmn$', '29-1141', '2235'],
  ['\\b(?:advanced )?nurse practitioner\\b|^anp$', '29-1171', '2234'],
  ['\\bmidwife\\b', '29-1161', '2231'],
  // A title that opens with "Paramedic" is a paramedic whatever credential follows ("Paramedic CRT", "Paramedic
  // EMT-P", "PARAMEDIC I/C"): SOC 2018 29-2043, the ONS index's "paramedic" 2255. An acronym after it had read
  // as another job ("CRT", a respiratory therapists' credential). A firefighter paramedic stays a firefighter.
  ['^paramedic\\b', '29-2043', '2255'],
  ['\\b(?:registered|staff|charge|ward|senior staff|practice|theatre|community|district|clinical|general) nurse\\b|^nurse$|^(?:rgn|rn)$', '29-1141', '2237'],
  ['\\bsocial worker\\b', '21-1021', '2461'],
  ['\\b(?:gp|general practitioner|family doctor)\\b', '29-1215', '2211'],

  // Education
  ['\\b(?:nursery|early years|childcare) (?:nurse|practitioner|educator|officer)\\b', '39-9011', '3232'],
  ['\\b(?:nursery|early years|childcare|creche) (?:assistant|worker)\\b', '39-9011', '6111'],
  ['\\b(?:higher level teaching assistant|hlta)\\b', '25-9042', '3231'],
  ['\\b(?:teaching assistant|learning support assistant|classroom assistant|lsa)\\b', '25-9042', '6112'],
  ['\\bprimary (?:school )?teacher\\b', '25-2021', '2314'],
  ['\\b(?:nursery|early years|reception) teacher\\b', '25-2011', '2315'],
  ['^(?:teacher|qualified teacher|class teacher|classroom teacher|subject teacher|secondary (?:school )?teacher)$', '25-2031', '2313'],
  ['^(?:maths|mathematics|english|science|history|geography|physics|chemistry|biology|computing|computer science|ict|art|drama|pe|physical education|re|religious education|french|spanish|german|languages|mfl|design and technology|dt|business studies|economics|psychology|sociology) teacher$', '25-2031', '2313'],
  ['\\b(?:senior )?lecturer\\b', '25-1199', '2311'],

  // Hospitality, leisure and retail
  ['\\b(?:catering|bar|food and beverage|food & beverage|f&b|kitchen) manager\\b', '11-9051', '5436'],
  ['\\brestaurant (?:general )?manager\\b', '11-9051', '1222'],
  ['\\b(?:school|care home|hospital|canteen|cafeteria|nursery|residential) cook\\b', '35-2012', '5435'],
  ['\\blifeguard\\b|\\bpool attendant\\b', '33-9092', '6211'],
  // UK 3415 Musicians has no ASHE pay; 3417 is the priced unit group of the same minor group the build files it under.
  ['\\b(?:musician|singer|vocalist|organist|pianist|guitarist|drummer|violinist|cellist|bassist|saxophonist|trumpeter|percussionist)\\b|\\b(?:saxophone|piano|guitar|violin|cello|bass|drum|trumpet|keyboard|session) player\\b', '27-2042', '3417'],
  ['\\bkitchen (?:porter|assistant|hand)\\b|^kp$', '35-9021', '9263'],
  ['\\b(?:bar staff|bartender|barman|barmaid|bar person|bar tender|mixologist|bar attendant|bar assistant|bar team member)\\b', '35-3011', '9265'],
  ['\\bbarista\\b|\\bcoffee shop (?:assistant|worker|team member)\\b', '35-3023', '9266'],
  ['\\b(?:bar|catering|restaurant|food and beverage|f&b) supervisor\\b', '35-1012', '9261'],
  // The ONS index codes a duty manager as a catering and bar manager; front of house is the same floor role.
  ['^(?:(?:assistant|deputy) )?duty manager$|\\bfront of house manager\\b', '11-9051', '5436'],
  ['\\b(?:waiter|waitress|waiting staff)\\b|^(?:server|food server)$', '35-3031', '9264'],
  ['\\b(?:sales|retail|shop|store) assistant\\b|\\bretail (?:associate|advisor|adviser|colleague|team member|assistant)\\b|\\bshop floor (?:assistant|colleague)\\b', '41-2031', '7111'],
  // Store managers run the shop (SOC 2020 1150); store supervisors and team leaders are 7132.
  ['\\b(?:store|shop|retail|deputy store|assistant store|branch store) manager\\b|\\bstore (?:general manager|director)\\b', '41-1011', '1150'],
  ['\\b(?:store|shop|retail|sales floor|checkout) (?:supervisor|team leader|team lead)\\b|\\bkey ?holder\\b', '41-1011', '7132'],
  ['\\bshelf (?:stacker|filler|replenisher)\\b|\\b(?:night|store|retail|stock) replenishment (?:assistant|colleague|operative)\\b', '53-7065', '9241'],

  // Engineering, property and science
  ['\\bproject engineer\\b', '17-2199', '2127'],
  ['\\bquantity surveyor\\b|\\bcost (?:consultant|manager)\\b', '13-1051', '2453'],
  ['\\b(?:chartered|building|land|property|general practice|commercial) surveyor\\b|^surveyor$', '17-1022', '2454'],
  ['^(?:(?:senior|project|associate|chartered|lead) )?architect$|\\barchitectural assistant\\b', '17-1011', '2451'],
  ['\\b(?:lab|laboratory) (?:technician|assistant|analyst)\\b', '19-4099', '3111'],
  ['\\b(?:research|senior research|principal research|laboratory|lab) scientist\\b|^scientist$', '19-1029', '2119'],
  // The ONS index codes "Officer, environment" and "Officer, environmental" 2152, and SOC 2018 puts those who
  // investigate and abate pollution in 19-2041. An environmental health officer is another job (2483).
  ['\\benvironment(?:al)? (?:officer|adviser|advisor|specialist)\\b', '19-2041', '2152'],

  // Manufacturing
  ['\\b(?:production|manufacturing|plant|factory|works) (?:manager|director)\\b|\\bhead of (?:production|manufacturing)\\b', '11-3051', '1121'],
  // A production operative does routine factory work on no named product or process: 8149, not 8160 (supervisors).
  ['\\b(?:production|manufacturing|factory|production line) (?:operative|operator|worker|associate|team member)\\b|\\bfactory hand\\b', '51-9199', '8149'],
  ['\\bassembly (?:operative|operator|worker|associate|line worker)\\b|^assembler$', '51-2092', '8149'],
  ['\\bcnc (?:machinist|operator|machine operator|setter|setter operator|miller|turner)\\b', '51-9161', '5221'],

  // Construction trades
  ['\\b(?:site|construction|building|groundworks|civils) (?:supervisor|foreman)\\b', '47-1011', '5330'],
  ['^(?:(?:general|site|construction|building) )?labou?rer$', '47-2061', '9129'],
  ['\\b(?:joiner|carpenter)\\b', '47-2031', '5316'],
  // An inspector of a building trade, of buildings or of public works checks work against codes (O*NET 47-4011
  // lists building, electrical, plumbing, elevator, boiler and code inspectors; the ONS index codes building
  // control, "Inspector, housing" and "Inspector of works" 3581), not products on a line nor vehicles.
  // A wastewater or water treatment plant's (operations) technician runs the plant (O*NET 51-8031; the ONS index
  // codes sewage and water works plant operators 8134), as a filtration engineer there does.
  ['\\b(?:ww|wastewater|waste water|sewage|sewerage|water treatment|water works|waterworks) (?:(?:plant|opns|operations?|process|treatment) )?(?:tech|techn|technician|operator)\\b', '51-8031', '8134'],
  ['\\b(?:building|buildings|construction|plumbing|electrical|elevator|lift|boiler|mason|masonry|structural|cooling|heating|hvac|sprinkler|demolition|zoning|building code|code compliance|code enforcement|housing|public works|highway|highways) (?:\\w+ )?inspector\\b', '47-4011', '3581'],
  ['\\bpainter (?:and|&) decorator\\b|^(?:decorator|painter decorator)$', '47-2141', '5323'],

  // Banking and insurance
  ['\\b(?:bank|banking|branch) (?:cashier|teller)\\b|^(?:bank )?teller$', '43-3071', '4123'],
  ['\\bmortgage (?:adviser|advisor|consultant|broker|specialist)\\b', '13-2072', '2422'],
  // A bank's relationship manager sells and looks after financial services for clients (UK: relationship managers).
  ['^(?:(?:senior|associate|assistant) )?relationship manager$|\\b(?:corporate|commercial|private|wealth|personal) (?:banking )?relationship manager\\b', '41-3031', '3534'],
  ['\\b(?:financial|independent financial|wealth|pensions?|investment|retirement) (?:adviser|advisor|planner)\\b|^ifa$', '13-2052', '2422'],
  // Benefit assessors decide claims to state benefits for a council: eligibility interviewers.
  ['\\b(?:housing )?benefits? (?:assessor|processor|assessment officer)\\b', '43-4061', '4112'],
  // Outside marketing teams a community post works with residents, not an online audience.
  ['\\byouth (?:worker|support worker|officer|leader)\\b|\\bcommunity (?:development )?(?:worker|officer|assistant|coordinator|liaison officer|support officer)\\b', '21-1093', '3221'],
  ['\\bloss (?:adjuster|assessor)\\b|\\bclaims (?:adjuster|investigator|assessor)\\b', '13-1031', '3541'],
  ['\\bclaims (?:administrator|assistant|clerk|processor)\\b', '43-9041', '4132'],

  // Public sector and charity
  // Planning a business, its money or its workforce is analysis of the organisation, not town planning.
  ['\\b(?:business|corporate|strategic|strategy|financial|finance|workforce|resource|resourcing|capacity|performance) planning (?:officer|manager|analyst|lead|adviser|advisor|specialist)\\b', '13-1111', '2431'],
  ['\\b(?:town|urban|spatial|regional) planner\\b|\\b(?:planning|town planning|planning policy|planning enforcement|development management) officer\\b', '19-3051', '2452'],
  // SOC 2020 2439 "advise on the formulation and implementation of policy". SOC 2018 has no policy occupation;
  // O*NET files "Policy Advisor" under social scientists (19-3011, 19-3032, 19-3041) and "Legislative Analyst"
  // under 19-3094 Political Scientists, who "analyze public documents" and, says the BLS handbook, often work
  // as policy analysts.
  ['\\b(?:policy|public policy|government policy|legislative|legislative research) (?:officer|advisor|adviser|analyst|lead|specialist)\\b', '19-3094', '2439'],
  // A private secretary to a minister or official, whatever the portfolio named after it (commonTitles.ts).
  ['^(?:(?:senior|assistant|deputy|joint) )?private secretary\\b', '43-6011', '2439'],
  ['\\bprincipal private secretary\\b|\\bhead of (?:the )?private office\\b', '11-3012', '2439'],
  // Information, records and knowledge management posts keep an organisation's records and know-how (O*NET
  // "Records Management Analyst" 13-1111; the ONS index "officer, knowledge management" 3549).
  ['\\b(?:information|records|knowledge|information and records) management (?:officer|adviser|advisor|specialist|analyst|lead|consultant|coordinator)\\b', '13-1111', '3549'],
  ['\\b(?:council tax|revenues|business rates|local taxation) (?:officer|assistant|administrator|clerk|inspector)\\b', '13-2081', '4112'],
  ['\\b(?:civil enforcement|parking enforcement|parking) (?:officer|warden)\\b|\\btraffic warden\\b', '33-3041', '6312'],
  // 4113 officers of charities "assist with fund raising activities".
  ['\\bfundraiser\\b|\\bfundraising (?:officer|executive|assistant|coordinator|administrator)\\b', '13-1131', '4113'],
  // Support posts for people (families, tenants, students, victims) are welfare work, not office support.
  ['\\b(?:family|families|housing|tenancy|tenant|student|pupil|learner|victim|welfare|parent|carer|resettlement|wellbeing) support (?:officer|worker|assistant|coordinator|adviser|advisor)\\b', '21-1093', '3229'],
  // Enforcement, licensing, permitting and inspection posts of a public body check that others keep the
  // rules (SOC 2018 13-1041 Compliance Officers; the ONS index codes licensing and enforcement officers 3581).
  ['\\b(?:enforcement|permitting|permit|permits|licensing|inspection|trading standards) (?:services? )?(?:specialist|officer|investigator|coordinator|adviser|advisor)\\b', '13-1041', '3581'],
  // So does a regulator of an industry or a field (the ONS index: "Financial regulator (government)"), never
  // the gas, steam or traffic regulator who works a plant or a road (ONS 8139, 8133, 8239), whom the coder reads.
  ['\\b(?:nuclear|radioactive substances|radiation|environment|environmental|financial|energy|water|waste|pensions|medicines|industry) regulators?$', '13-1041', '3581'],
  // A support post in the environment's field is a junior of that field, as the ONS index codes a field's support
  // officers by the field ("Research support officer" 2440, "Waste support officer" 3560): its environmental
  // technicians and flood officers are 2152, and SOC 2018 files the technicians who monitor and sample for
  // environmental protection in 19-4042.
  [`\\b${ENVIRONMENT}\\b.*\\bsupport (?:officer|assistant)\\b`, '19-4042', '2152'],
  // A team leader in the environment's field leads its professionals, as the ONS index codes a field's team leaders
  // by the field ("Laboratory team leader" 3111, "Recruitment team leader" 3571) and flood risk and flood warning
  // managers 2152; SOC 2018 files environmental specialists in 19-2041.
  [`\\b${ENVIRONMENT}\\b.*\\bteam leader\\b`, '19-2041', '2152'],
  // In public-sector lists "<function> Support Officer/Assistant" is the office support post of that
  // function ("Procurement Support Officer"); the specific support rules above (IT, HR, project, care,
  // customer, learning) are matched first. Support posts in a profession (communications, science,
  // engineering, policy) are junior professionals of it and are left to the coder.
  ['^(?!.*\\b(?:communications?|press|media|marketing|research|scientific|science|technical|engineering|environment\\w*|monitoring|policy|legal|analytical|analysis|data|information technology|digital|design)\\b).*\\bsupport (?:officer|assistant|administrator)$', '43-9061', '4159'],
];

/**
 * Names of the roles the curated rules name, the words a consultant uses ("Customer Service Adviser" rather
 * than "Customer Service Representative (Customer service occupations n.e.c.)"). Keyed "US|UK".
 */
export const CURATED_ROLE_NAMES: Readonly<Record<string, string>> = {
  '51-9162|5221': 'CNC Programmer',
  '43-6013|4131': 'Ward Clerk',
  '41-3031|3534': 'Relationship Manager',
  '21-1093|3221': 'Youth and Community Worker',
  '21-1093|3229': 'Family and Housing Support Worker',
  '11-2032|2493': 'Communications Manager',
  '13-1041|3581': 'Enforcement and Licensing Officer',
  '43-4061|4112': 'Benefits Assessor',
  '41-1011|1150': 'Store Manager',
  '41-1011|7132': 'Retail Supervisor',
  '13-2072|2422': 'Mortgage Adviser',
  '13-2052|2422': 'Financial Adviser',
  '11-1011|1111': 'Chief Executive',
  '11-1021|1111': 'Director or Senior Official',
  '11-1011|1131': 'Chief Financial Officer',
  '11-3121|1136': 'Human Resources Manager',
  '11-2021|1132': 'Marketing Director',
  '11-2022|1132': 'Sales Director',
  '11-3061|1134': 'Procurement Manager',
  '43-3031|3533': 'Assistant Accountant',
  '11-3031|1131': 'Finance Manager',
  '13-2011|2421': 'Accountant',
  '13-2011|2423': 'Tax Adviser',
  '13-2051|2422': 'Financial Analyst',
  '11-3111|4122': 'Payroll Manager',
  '43-3051|4122': 'Payroll Administrator',
  '43-3011|4121': 'Credit Controller',
  '43-3031|4122': 'Accounts Assistant',
  '43-3031|4124': 'Finance Officer',
  // The SEO rule's pair, which the coder also gives organograms' team leaders (public services associate professionals).
  '43-1011|3560': 'Team Leader (Public Services)',
  '43-6014|4159': 'Administrative Assistant',
  '33-2011|3313': 'Firefighter',
  '11-3131|1136': 'Learning and Development Manager',
  '13-1151|3574': 'Trainer and Learning Specialist',
  '13-1141|3571': 'Reward Specialist',
  '43-4161|4136': 'Human Resources Administrator',
  '13-1071|3571': 'Human Resources Adviser and Recruiter',
  '11-3021|1137': 'IT Director',
  '11-3021|2132': 'IT Manager',
  '15-1299|2131': 'IT Project Manager',
  '15-1254|2134': 'Web Developer',
  '15-1252|2134': 'Software Developer',
  '15-2051|2134': 'Machine Learning Engineer',
  '15-1243|2134': 'Data Engineer',
  '15-2051|3544': 'Data Analyst',
  '13-1111|2431': 'Management Consultant and Business Analyst',
  '15-1211|2133': 'Systems Analyst and Product Owner',
  '15-1299|2133': 'Solutions Architect',
  '15-1242|3133': 'Database Administrator',
  '15-1244|3131': 'Systems Administrator',
  '15-1241|2137': 'Network Engineer',
  '15-1212|2135': 'Cyber Security Specialist',
  '15-1253|2136': 'Software Tester',
  '15-1255|2141': 'UX and Digital Designer',
  '15-1232|3132': 'IT Support Analyst',
  '15-1211|2139': 'IT Analyst',
  '15-2051|2433': 'Data Scientist',
  '13-1082|2440': 'Project Manager',
  '13-1082|3543': 'Project Support Officer',
  '11-1021|1139': 'Operations Manager',
  '11-2021|2432': 'Marketing Manager',
  '13-1161|3554': 'Marketing Executive',
  '27-3031|2493': 'Communications and PR Officer',
  '13-1121|3557': 'Events Manager',
  '27-3043|3412': 'Content Writer',
  '27-1024|2142': 'Graphic Designer',
  '11-2022|3556': 'Sales Manager',
  '41-3091|3556': 'Account Manager',
  '41-9041|7113': 'Telesales Executive',
  '41-9031|3552': 'Sales Engineer',
  '41-3091|3552': 'Sales Executive',
  '43-4151|4151': 'Sales Administrator',
  '43-1011|4143': 'Customer Service Manager',
  '43-1011|7220': 'Customer Service Team Leader',
  '43-4051|7211': 'Contact Centre Agent',
  '43-4051|7219': 'Customer Service Adviser',
  '43-6011|4215': 'Executive Assistant',
  '43-6013|4211': 'Medical Secretary',
  '43-6012|4212': 'Legal Secretary',
  '43-6014|4213': 'School Secretary',
  '23-1011|2419': 'Legal Adviser or Company Secretary',
  '23-1011|1139': 'Head of Legal',
  '43-6014|4215': 'Secretary',
  '43-4171|4216': 'Receptionist',
  '43-1011|4141': 'Office Manager',
  '43-9021|4152': 'Data Entry Clerk',
  '43-9061|4159': 'Administrator',
  '23-1011|2411': 'Barrister',
  '23-1011|2412': 'Solicitor',
  '23-2011|3520': 'Paralegal and Legal Executive',
  '13-1041|2482': 'Compliance Officer',
  '13-2054|2422': 'Risk Analyst and Manager',
  '19-5011|3582': 'Health and Safety Adviser',
  '11-3051|2482': 'Quality Manager',
  '13-1023|3551': 'Buyer',
  '11-3071|1242': 'Warehouse Manager',
  '11-3071|1241': 'Transport Manager',
  '11-3071|1243': 'Logistics and Supply Chain Manager',
  '53-1042|9251': 'Warehouse Supervisor',
  '53-7062|9252': 'Warehouse Operative',
  '13-1081|3549': 'Supply Chain Planner',
  '43-5011|4134': 'Logistics Coordinator',
  '43-5071|4133': 'Stock Controller',
  '53-3032|8211': 'HGV Driver',
  '53-3033|8214': 'Delivery Driver',
  '53-7051|8222': 'Forklift Driver',
  '11-3013|1251': 'Facilities Manager',
  '49-9071|5223': 'Maintenance Engineer',
  '37-2011|9223': 'Cleaner',
  '33-9032|9231': 'Security Officer',
  '31-1131|6131': 'Healthcare Assistant',
  '31-1122|6136': 'Senior Care Worker',
  '31-1122|6135': 'Care Worker',
  '29-1141|2235': 'Mental Health Nurse',
  '29-1171|2234': 'Nurse Practitioner',
  '29-1161|2231': 'Midwife',
  '29-1141|2237': 'Registered Nurse',
  '21-1021|2461': 'Social Worker',
  '29-1215|2211': 'General Practitioner',
  '25-9042|3231': 'Higher Level Teaching Assistant',
  '25-9042|6112': 'Teaching Assistant',
  '25-2021|2314': 'Primary Teacher',
  '25-2011|2315': 'Nursery Teacher',
  '25-2031|2313': 'Secondary Teacher',
  '25-1199|2311': 'Lecturer',
  '35-9021|9263': 'Kitchen Porter',
  '35-3011|9265': 'Bar Staff',
  '35-3023|9266': 'Barista',
  '35-3031|9264': 'Waiter and Waitress',
  '41-2031|7111': 'Sales Assistant',
  '17-2199|2127': 'Project Engineer',
  '13-1051|2453': 'Quantity Surveyor',
  '17-1022|2454': 'Chartered Surveyor',
  '17-1011|2451': 'Architect',
  '19-4099|3111': 'Laboratory Technician',
  '19-1029|2119': 'Research Scientist',
  '19-2041|2152': 'Environmental Scientist or Officer',
  '11-9199|1139': 'Programme Manager or Head of Department',
  '11-9199|2482': 'Compliance Manager',
  '15-2011|2433': 'Actuary',
  '39-9031|3433': 'Personal Trainer and Fitness Instructor',
  '41-3021|3531': 'Insurance Broker',
  '43-4081|4216': 'Hotel Receptionist',
  '29-2072|4131': 'Medical Records Clerk',
  '43-4071|4131': 'Records Clerk',
  '43-9051|9211': 'Post Room Assistant',
  '37-1011|6240': 'Housekeeping Supervisor',
  '37-2012|9223': 'Housekeeper and Domestic',
  '37-2011|6232': 'Caretaker',
  '47-2111|5241': 'Electrician',
  '53-7061|9226': 'Car Valeter',
  '31-9091|6133': 'Dental Nurse',
  '11-9111|1231': 'Practice Manager',
  '11-9111|1232': 'Care Home Manager',
  '31-9095|7114': 'Pharmacy Assistant',
  '19-3033|2225': 'Clinical Psychologist',
  '31-1132|9262': 'Hospital Porter',
  '39-9011|3232': 'Nursery Nurse',
  '39-9011|6111': 'Nursery Assistant',
  '11-9051|5436': 'Catering Manager',
  '11-9051|1222': 'Restaurant Manager',
  '35-2012|5435': 'Cook',
  '33-9092|6211': 'Lifeguard',
  '27-2042|3417': 'Musician',
  '53-7065|9241': 'Shelf Stacker',
  '11-3051|1121': 'Production Manager',
  '51-9199|8149': 'Production Operative',
  '51-2092|8149': 'Assembly Operative',
  '51-9161|5221': 'CNC Machinist',
  '47-1011|5330': 'Site Supervisor',
  '47-2061|9129': 'Labourer',
  '47-2031|5316': 'Carpenter and Joiner',
  '47-2141|5323': 'Painter and Decorator',
  '43-3071|4123': 'Bank Cashier',
  '13-1031|3541': 'Loss Adjuster',
  '43-9041|4132': 'Claims Administrator',
  '19-3051|2452': 'Town Planner',
  '19-3094|2439': 'Policy Officer',
  '13-1111|3549': 'Information Management Officer',
  '43-6011|2439': 'Private Secretary',
  '11-3012|2439': 'Principal Private Secretary',
  '47-4011|3581': 'Building Inspector',
  '13-2081|4112': 'Council Tax Officer',
  '33-3041|6312': 'Civil Enforcement Officer',
  '13-1131|4113': 'Fundraiser',
};

const MAX_PATTERN = 300;

/** Splits a pattern at its top-level `|` into consecutive patterns of at most 300 characters. */
export function splitPattern(pattern: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(pattern.slice(start));
  const out: string[] = [];
  for (const part of parts) {
    const last = out.length - 1;
    if (last >= 0 && out[last].length + 1 + part.length <= MAX_PATTERN) out[last] += `|${part}`;
    else out.push(part);
  }
  return out;
}

function toRules(specs: Spec[], division?: string): CuratedRule[] {
  return specs.flatMap(([whole, us, uk]) =>
    splitPattern(whole).map((pattern) => (division ? { pattern, us, uk, division } : { pattern, us, uk })),
  );
}

export const CURATED_RULES: readonly CuratedRule[] = [
  ...Object.entries(DIVISIONS).flatMap(([key, specs]) => DIVISION_NAMES[key].flatMap((name) => toRules(specs, name))),
  ...toRules(GENERAL),
];
