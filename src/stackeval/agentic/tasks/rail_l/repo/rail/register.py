"""The network operator's station register, kept verbatim (one station a line:
``CODE|Name|fare zone|latitude|longitude|minimum interchange minutes``) so that a diff against the
operator's next edition stays readable. Parsed by ``rail.stations``; edit only by re-importing it."""

REGISTER = """\
AAE|Ashstead Halt|2|51.4287|-0.8568|4
AAJ|Ashford Parkway|4|51.9080|1.4478|4
AAK|Ashthorpe Village|5|51.3807|-1.3686|8
ACX|Ashcombe Road|6|51.9169|-1.4331|6
ACZ|Ashborough Junction|5|52.3369|-0.4672|4
ADM|Ashstead Bridge|4|51.5501|-0.0005|5
ADT|Ashwood Halt|3|51.7917|-1.7038|2
ADX|Ashford North|5|51.5506|-0.1253|2
AEB|Ashgate Central|7|51.3061|-1.6739|2
AEL|Ashbridge Central|9|51.5165|-0.3978|6
AEU|Ashcombe|9|51.6094|0.1101|3
AEX|Ashthorpe Parkway|8|51.1600|0.5887|2
AGH|Ashby Village|9|50.8437|-0.8131|2
AGL|Ashborough|6|52.1169|-0.2286|6
AHE|Ashmoor|8|51.7906|-1.4788|2
AHH|Ashwick Parkway|6|51.6211|-0.0635|3
AHL|Ashden North|3|51.9226|-0.7476|8
AHM|Ashwick Halt|3|51.2945|-1.6649|3
AIE|Ashwick Village|1|52.3577|0.7779|8
AIH|Ashwick|5|52.0627|-0.5295|5
AIN|Ashfield|8|51.8131|0.9324|2
AKE|Ashham Parkway|8|51.9715|-1.0125|4
ALH|Ashwell Bridge|3|51.7833|1.2913|6
ALP|Ashborough Halt|9|50.8579|1.4967|2
AMB|Ashcombe Junction|1|51.3565|-1.5651|6
AMZ|Ashmouth Town|6|52.1255|-0.5694|3
ANB|Ashhurst Junction|8|51.4007|0.5811|4
ANE|Ashden South|6|52.0611|-0.7265|6
AOF|Ashwood|2|51.3190|-1.1973|6
AOP|Ashton Halt|5|51.4919|1.0893|2
ARA|Ashborough Central|4|51.4579|-1.6919|5
ARF|Ashworth North|6|51.4713|-1.3276|3
ARH|Ashmoor North|3|52.2279|-1.8900|8
ARP|Ashford Central|3|51.2299|-1.5046|8
ARR|Ashford Town|5|52.3343|0.3560|3
ARX|Ashden Central|6|50.8896|0.2489|6
ASF|Ashford|3|51.1436|0.8752|4
ASG|Ashworth South|3|51.4527|-0.6415|3
ASJ|Ashford Junction|3|51.1410|0.8690|6
ASP|Ashmoor Halt|9|52.0368|-0.6863|6
ASS|Ashworth Bridge|8|51.7392|-0.5601|3
ASU|Ashham|8|51.5825|1.4198|8
ATG|Ashstead Road|3|51.9636|1.0415|8
ATH|Ashmouth North|6|52.1292|-1.2505|5
ATJ|Ashwood Town|3|50.8691|0.5834|2
ATL|Ashmouth|2|51.6170|-0.2036|3
ATN|Ashley Junction|3|51.8151|1.4441|5
ATX|Ashstead Town|9|50.9265|0.9821|8
AWE|Ashhurst Town|6|51.9162|0.8275|2
BAA|Brookworth Halt|8|51.4414|-0.1579|8
BAD|Bramwood Halt|6|51.4212|-0.1630|3
BAG|Bramden Town|7|51.8130|0.3212|3
BAK|Bramwood|5|51.7473|1.2248|4
BAN|Bramton Bridge|2|52.1545|-0.5472|2
BAP|Bramstead|8|50.9593|-1.1302|8
BAV|Bramgate Village|7|51.5178|-0.3366|6
BBF|Brambridge Town|4|51.6308|-1.5462|5
BBJ|Brookby Central|4|51.8130|0.7367|3
BBL|Brambury Junction|9|51.5777|1.4363|2
BBN|Bramborough Central|8|51.6801|0.2946|3
BBP|Brookcombe|4|51.5047|1.1566|3
BBV|Bramby North|9|50.8089|0.6792|4
BCP|Bexcombe South|4|52.2073|0.5694|8
BCT|Bexcombe|7|51.1256|-1.8540|4
BCU|Bramcombe Town|3|51.2146|0.2213|6
BCV|Bramcombe Road|7|51.9725|0.7092|3
BCZ|Bramcombe Bridge|2|51.7193|-0.8951|4
BDR|Bramwood Junction|1|51.0288|-0.5477|5
BDW|Bramstead Halt|2|51.5441|-1.2610|2
BEB|Bexfield|5|52.3509|0.8611|4
BEF|Bexfield Central|1|51.2266|-1.5519|5
BEG|Bexton Central|7|51.1822|1.0859|3
BEH|Bexbridge|4|50.8047|-1.6903|4
BEK|Brambridge Central|1|51.9545|0.1845|8
BEM|Bramden Junction|4|51.9103|-1.8255|5
BEN|Bramhurst Central|1|51.1489|1.0938|6
BEP|Brookcombe Bridge|1|51.6444|-1.2372|8
BER|Bexwick Road|6|52.0701|-0.1301|6
BET|Brookbridge|3|51.4503|0.2427|8
BEV|Bexbury|8|51.1150|-0.5714|5
BEW|Bexby|9|51.0023|-1.7661|5
BEY|Bramden Central|9|51.4730|1.3120|5
BGH|Brookhurst Village|1|51.7972|-1.7695|5
BHC|Bramworth|6|51.0727|-0.1299|4
BID|Bramfield Central|7|51.1788|-0.1460|8
BIY|Bramwick Bridge|5|51.8052|0.9222|2
BJB|Bramfield Junction|2|51.6123|0.0661|8
BJX|Bexwood Junction|3|52.2350|1.5669|3
BJY|Bramford Junction|7|50.9297|-1.1026|4
BKA|Bexmouth Parkway|3|50.9453|-1.1670|6
BKB|Brookstead Road|7|51.6914|-1.4168|6
BKF|Brookwood Road|8|51.2270|-1.2478|3
BKP|Brookmouth|4|52.2668|-1.5817|8
BKT|Bexwick|2|51.5360|0.5009|5
BKX|Bramwick|5|51.5634|-1.4357|8
BLD|Bexwell Road|9|52.3727|0.9615|2
BLE|Bramfield Halt|6|50.9511|0.4066|3
BLH|Brookfield Village|8|51.3330|0.6876|6
BLK|Bramwell Halt|4|52.3785|-0.4725|2
BLL|Bexley|3|51.7319|-0.9414|5
BLN|Bramden Village|9|50.8830|-1.3301|3
BLR|Brookley Halt|4|51.3554|0.3304|4
BLV|Bramwell North|7|52.0738|0.6859|3
BLZ|Brookwell North|8|51.7065|-0.4187|4
BMF|Brambridge|9|51.1551|-0.8775|6
BMR|Bramfield North|3|51.0834|-1.3574|2
BMW|Brammouth Junction|3|51.3308|0.3804|6
BMY|Bramwood Town|6|51.1989|-0.4225|6
BND|Bramden Road|6|51.8124|0.8557|3
BNN|Brookden North|4|51.0477|0.8474|5
BNV|Brookwick Junction|2|51.2558|1.1542|3
BNW|Brookby Town|7|51.4508|0.3692|3
BNZ|Bexstead Central|6|52.1441|-1.1657|8
BOB|Bexcombe Road|4|51.4854|-0.1084|8
BOE|Bexton|7|52.0634|0.8381|3
BOJ|Bexhurst North|6|52.2168|-1.6362|5
BOP|Bramcombe|3|51.6651|0.0982|5
BOR|Bexford|6|51.9724|1.5914|3
BOX|Bramborough Parkway|5|51.6452|-0.3690|8
BOZ|Bexton Parkway|3|51.0624|-0.2823|5
BRA|Bramhurst Village|7|52.2203|0.1567|4
BRB|Brookwick Central|6|51.7947|0.4930|5
BRC|Bramwick Parkway|8|51.9760|0.2894|5
BRD|Bexford Road|7|51.7932|-1.4871|3
BRE|Bexbridge Halt|4|51.6293|-1.1782|8
BRF|Brookham North|2|51.5145|-1.4037|5
BRK|Bramham Parkway|5|52.2486|0.8697|5
BRL|Brookhurst Town|8|51.3239|-1.8620|4
BRM|Bramley|1|51.5010|-0.1240|5
BRN|Bramford Town|3|51.1803|-1.6957|8
BRS|Bramhurst Parkway|1|51.9126|-1.8017|8
BRT|Bramford|9|52.3649|-0.1002|3
BRW|Bramfield Parkway|4|52.1036|0.9659|4
BRX|Bramwick Halt|1|52.0975|-0.3163|6
BRY|Brookborough South|1|52.0645|-0.0097|2
BSS|Brookstead Village|3|51.9558|1.5971|8
BTC|Bramthorpe South|1|51.7933|-0.4617|4
BTE|Brookley Junction|4|51.3158|1.0774|8
BTL|Bexwood Central|4|51.1490|1.5942|2
BTM|Bramton Central|2|51.2978|-1.4202|5
BTN|Brookworth Parkway|4|51.5766|-1.0105|3
BTP|Bexham Halt|7|50.9387|0.7690|5
BTS|Bexhurst|6|52.2386|-0.9344|3
BTU|Bramcombe Central|6|51.9621|0.9857|5
BTV|Bexcombe North|3|51.4609|-0.0781|3
BTX|Bexwood Town|3|51.6385|0.9566|3
BUM|Bexbury Junction|1|51.1390|-1.2272|4
BVC|Bexford Village|8|52.3325|0.3410|5
BWB|Brookwood Town|9|51.0105|0.2243|6
BWG|Bexwood North|7|52.3396|-0.3345|8
BWH|Bramwood Road|2|51.9111|-0.0946|3
BWV|Brookford Parkway|6|51.6453|-0.1668|3
BWY|Bexwood South|6|51.7969|-1.3403|3
BXA|Bexton Town|3|52.0777|0.6020|8
BXB|Bexborough|2|52.1704|0.7662|3
BXL|Bexworth Central|2|51.1694|0.3115|6
BXX|Bexmoor|4|51.8327|-0.3420|6
BYS|Bramley Bridge|7|51.2112|-0.2782|2
CAA|Chalgate Road|5|51.3642|0.7562|2
CAC|Chalcombe Parkway|4|51.8503|-0.9385|3
CAE|Cranley Central|5|51.0597|-1.7686|2
CAF|Chalgate|2|51.7729|-1.0763|4
CAH|Coldley Central|6|52.0466|1.1383|5
CAJ|Cranbury Town|9|51.6640|0.3705|8
CAN|Cranton Halt|6|51.8379|-0.7315|2
CAP|Cranford Village|7|52.2649|-1.0400|3
CAR|Crancombe Road|3|51.1818|0.0926|5
CAS|Chalgate South|7|51.5095|1.4283|3
CAU|Coldwick Central|7|51.6918|-1.1477|5
CAV|Chalmoor Road|8|51.3732|0.1434|4
CAW|Cranham|4|51.2317|-0.9965|3
CAY|Cranmouth Parkway|9|51.9944|0.3454|6
CBE|Coldborough Road|1|51.4832|-1.8674|6
CBF|Coldborough|6|51.1478|-1.0761|6
CBH|Chalfield Bridge|5|52.2328|-1.2680|3
CBL|Cranbridge|6|51.5372|0.8434|5
CCA|Coldcombe Parkway|7|52.2183|0.5026|6
CCC|Coldborough Junction|4|51.8712|0.8438|8
CCE|Coldwick Bridge|9|52.1301|0.3161|2
CCS|Chalcombe Village|7|51.2927|-0.0402|6
CDB|Coldhurst|4|51.2996|-0.4158|5
CDD|Coldton Parkway|8|51.5542|1.3401|8
CDF|Coldfield Bridge|2|51.2991|0.0438|2
CDH|Coldwell Road|2|51.2183|0.3541|2
CDR|Chalfield Road|2|52.3288|0.1532|8
CDS|Chalworth Bridge|6|51.1749|0.2242|2
CDT|Coldmouth|5|52.3244|-1.4359|8
CDU|Coldbury Junction|9|52.3201|1.1273|3
CDY|Coldmouth Town|7|52.0229|0.6224|4
CDZ|Coldwell|8|52.0135|-0.8911|4
CED|Cranstead|6|51.6781|0.9106|2
CEF|Chalbury Bridge|7|52.1580|0.5493|3
CEJ|Cranbridge Bridge|7|51.4730|-0.7045|8
CEM|Cranden|6|51.2508|0.3371|4
CEN|Challey Bridge|3|51.5576|-1.5194|8
CET|Coldstead Central|9|51.1190|-0.9299|5
CEW|Coldstead Junction|1|51.2742|-0.0936|3
CEZ|Chalfield South|8|51.9853|0.5171|8
CGD|Cranbridge Village|1|52.3968|1.0359|4
CGP|Chalborough Town|7|52.2469|-0.7776|2
CGV|Cranby Village|2|51.0015|0.9273|2
CGW|Coldbridge Halt|2|51.5519|-0.4600|5
CGY|Coldton Bridge|7|52.1487|1.4864|6
CHD|Chalwood|5|52.1905|1.4501|2
CHK|Chalworth Road|1|51.7513|1.3606|3
CHM|Chalham South|7|51.7493|-1.5328|6
CHN|Cranhurst Town|8|51.1392|-1.4475|8
CHV|Cranmouth Bridge|7|51.2345|-1.1011|6
CHW|Chalstead|2|50.8610|-1.1724|8
CIA|Cranwick|6|52.0450|-1.0510|8
CIP|Coldbridge|2|51.6978|0.7558|4
CIV|Cranwick Central|8|51.8536|-0.9632|6
CJW|Coldwood Junction|7|50.8313|-1.1298|4
CJX|Coldmoor Junction|9|51.9531|0.9512|3
CKT|Chalwick Road|5|51.7484|-1.7299|4
CLA|Chalton Central|4|51.1033|1.0781|8
CLC|Coldley Junction|5|51.2351|1.2706|3
CLD|Coldharbour|2|51.4620|-0.0530|3
CLF|Crangate Halt|4|51.8392|-0.4245|2
CLR|Chalfield Village|3|52.3661|0.9584|5
CLS|Chalham Junction|5|51.2971|-1.6434|3
CLU|Cranfield Road|6|50.9252|-1.7950|3
CLV|Coldford Halt|3|51.5607|-0.4565|2
CLX|Coldby Halt|3|51.7970|1.0110|2
CLY|Cranmoor Halt|7|51.5584|-1.4477|3
CLZ|Coldhurst Halt|6|51.7283|-1.5176|3
CNA|Chalmouth Junction|9|51.2826|1.2343|3
CNB|Cranwood|6|52.3284|-1.1314|3
CNF|Chalfield Junction|9|51.4104|0.7177|6
CNL|Cranley South|6|50.9359|-0.2435|2
CNN|Cranwick Village|4|51.9562|-1.6531|3
CNX|Coldhurst North|4|52.2909|0.9230|5
COA|Cranmoor Road|7|52.1511|0.7082|4
COF|Cranworth|7|51.5906|-0.3774|5
COG|Coldmoor Town|9|51.7935|-1.0878|2
COJ|Coldbridge Road|5|51.6765|1.0966|3
COM|Chalmoor Bridge|9|51.2572|0.3929|5
COT|Cranford Road|3|50.8385|-1.5449|8
COU|Chalcombe South|5|51.2204|-1.2095|6
COV|Chalhurst Town|3|51.1723|0.6927|8
CPE|Coldfield Parkway|9|51.5093|1.0271|8
CPR|Cranbury Parkway|9|51.7205|1.5916|8
CRA|Cranstead Road|9|52.0872|-1.4297|3
CRB|Coldmouth Road|4|50.8905|1.1886|6
CRG|Coldford Road|4|51.9567|-1.8902|8
CRH|Chalmoor North|9|50.9032|-0.2463|5
CRM|Cranley Halt|4|51.2850|-0.4018|5
CRP|Coldhurst Town|9|51.1305|-1.1832|2
CRT|Coldcombe Central|5|51.1085|0.6155|2
CRV|Cranthorpe Bridge|5|52.3984|1.0373|6
CRW|Cranbridge Central|3|51.3799|-0.6191|3
CSD|Coldstead|2|52.2362|-0.9784|2
CSK|Coldby South|6|51.5100|-0.3003|2
CSX|Cranfield South|6|51.6045|0.4999|3
CTB|Coldton Halt|7|50.8360|-0.8351|3
CTC|Coldwick Halt|8|51.0149|-0.1390|5
CTD|Coldstead North|2|50.8880|-1.0390|3
CTF|Coldcombe Junction|4|51.4524|0.3734|4
CTG|Cranton North|8|51.2097|0.5998|8
CTK|Coldthorpe|3|51.1056|-1.5075|3
CTV|Cranfield Halt|7|52.1536|0.4376|6
CUB|Cranborough North|9|51.2663|0.9947|6
CUG|Cranbury South|9|52.1586|-1.2046|5
CUK|Chalbury Town|7|52.3277|1.1452|5
CUN|Cranborough Road|2|51.5664|0.4929|8
CUY|Chalmouth South|8|51.1313|1.3584|8
CVK|Coldstead Village|9|51.2330|1.0682|6
CVX|Cranwood Village|3|52.2731|-1.3843|8
CWA|Coldden Town|6|51.2284|1.5046|6
CWC|Cranstead Parkway|5|51.1757|0.7475|3
CWR|Coldwood Halt|5|51.0542|-0.2999|2
CWX|Chalwick|7|52.1203|0.2553|5
CWZ|Coldwick|4|51.5649|-1.2752|8
CYB|Challey|9|51.6059|-0.2515|6
CYL|Chalby Village|6|50.8070|-0.6676|3
CYR|Cranby Halt|3|51.6104|1.3958|3
CYX|Cranworth Parkway|1|50.9258|-0.0512|3
DAA|Dunham Road|8|51.9200|-1.7631|5
DAB|Draymouth Road|2|52.0242|-0.4809|3
DAC|Dunham|7|52.2632|-1.3979|3
DAE|Dunwood Road|1|51.2679|-1.8547|6
DAJ|Dunwell Central|8|52.1262|-1.3350|2
DAL|Dunstead Road|2|51.4914|-0.8640|8
DAN|Drayley Central|1|51.7308|0.6307|3
DAP|Drayham Bridge|1|50.9661|-1.7646|3
DAS|Drayby Village|1|51.8290|-0.0419|3
DAX|Dunby Parkway|4|52.0859|-0.6079|5
DBA|Dunby|4|50.9341|0.7490|3
DCW|Drayham Central|1|51.9631|0.2458|3
DDH|Draywood Central|6|51.9448|1.0506|5
DDP|Dunwood|8|51.4172|0.8518|3
DDT|Draygate Bridge|6|51.5419|0.3796|3
DEJ|Draythorpe Bridge|8|51.4689|-1.0995|3
DEN|Dunwell Town|4|50.9830|0.0198|5
DEP|Draycombe Central|6|50.9102|-1.4376|6
DEV|Draygate|3|51.0825|0.7563|8
DEW|Dunley Junction|1|52.0450|-0.7580|5
DGD|Dunborough|9|52.0135|-0.6936|8
DGR|Draygate Village|2|51.2770|-1.6998|3
DHA|Draymoor Halt|8|51.0706|1.2491|6
DHL|Drayborough Junction|6|51.4780|-1.8268|3
DHS|Dunmouth|2|50.9576|0.2661|8
DHX|Dunborough Halt|7|52.2398|0.0501|4
DHZ|Dunworth North|6|51.1162|0.2379|4
DIB|Drayfield Town|2|50.8447|1.5401|3
DIE|Dunham Bridge|3|51.4395|1.4635|2
DIJ|Draybury Village|1|51.8521|-1.0684|2
DIL|Drayfield Bridge|5|51.8303|0.7696|3
DIY|Dunford Bridge|4|51.0276|-1.2017|5
DLC|Draywell|5|51.8058|0.5823|4
DLG|Drayfield Halt|1|51.2317|1.4983|8
DLK|Dunfield|3|50.8549|0.4895|3
DLM|Dunley Bridge|3|51.9212|-1.7920|3
DLT|Dunley|4|51.4209|-1.1175|5
DME|Draymoor Road|8|51.5076|0.9771|6
DMU|Dunmoor|4|50.8333|-1.2890|2
DND|Dunwood Central|3|51.9840|-0.3141|3
DNF|Dunbridge Central|2|50.8965|1.4568|5
DNJ|Draywell Town|6|51.8031|-0.3257|3
DNK|Dunstead|3|51.9814|-0.5074|8
DNU|Dunwick Road|1|50.8022|-1.4602|5
DNV|Draycombe Town|2|51.5740|0.2816|4
DNW|Drayden|6|51.8201|-1.0164|4
DOA|Dunden Junction|5|51.2051|-1.6726|4
DOC|Drayford|6|51.5040|-1.6829|4
DOG|Dunton Junction|1|52.2142|1.0487|6
DOL|Dunton|7|52.1564|-1.3299|2
DOR|Drayworth Village|3|50.8126|-1.3544|5
DOZ|Dunmoor Road|6|51.0104|0.5566|3
DRB|Draywood|1|52.2972|-1.2584|3
DRH|Draybridge Junction|5|51.0406|0.6657|3
DRP|Drayby|5|51.5095|-0.1457|3
DRT|Drayford Town|7|51.6704|1.5629|2
DRY|Dunthorpe Bridge|7|51.5672|-0.5717|2
DSC|Dunthorpe South|1|51.5074|-1.0296|3
DSH|Dunhurst Halt|3|52.0692|0.9145|4
DTA|Drayhurst Halt|3|52.2997|1.5248|8
DTD|Draymouth North|7|52.2962|-0.7802|2
DTG|Draystead Halt|7|50.8956|0.1404|8
DTH|Draystead|3|51.7010|1.5500|2
DTR|Dungate Central|5|51.8125|-0.2606|2
DTS|Dunwell Junction|5|51.9342|-0.9006|4
DTV|Dunwood Town|5|51.8655|1.5175|5
DTY|Dunhurst Town|5|51.8992|0.5031|6
DUD|Dunborough Road|1|51.5596|0.9669|8
DUE|Dunmoor Junction|1|51.2345|1.4293|4
DUF|Dunmouth Town|9|51.4115|-0.7706|8
DUK|Dunbridge|2|50.8064|-0.7230|3
DUM|Dunwell Parkway|8|51.1303|-1.6888|3
DUN|Dunwick|4|51.2790|0.5210|4
DUR|Dunthorpe|4|51.8563|-1.2331|5
DUT|Dunley Halt|8|50.8760|0.1473|6
DUU|Dunmouth Halt|5|51.4398|0.0776|3
DUV|Draymouth|6|51.6348|1.1380|4
DUY|Drayborough Bridge|3|51.8265|-0.3113|3
DWL|Dunworth|5|52.1913|0.5960|3
DWR|Draywick Junction|4|51.2240|1.2127|2
DWU|Drayborough Parkway|5|51.3782|-0.0463|3
DWZ|Draywell North|9|52.2437|1.3035|3
DYD|Drayborough|6|50.8243|0.7786|3
DYE|Drayley|5|51.6994|-0.9970|3
DYM|Drayhurst|7|52.1909|-0.4821|3
DYS|Draywick Road|7|50.9713|-1.4504|4
DYW|Draybury Junction|9|51.7164|-0.0967|2
EAT|Elmgate|8|51.4188|-1.4886|3
ECU|Elmden Central|4|52.3703|0.8997|5
EDE|Elmwood Town|2|51.7655|0.9846|3
EDJ|Elmford|7|51.0612|-1.6043|8
EED|Elmbridge|6|51.0409|0.3012|4
EET|Elmfield|5|51.4679|-1.5486|5
EEZ|Elmden|4|52.0782|-1.3507|8
EFD|Elmfield Town|9|51.7214|-0.3138|3
EFT|Elmford Halt|5|51.7006|1.0919|2
EHB|Elmham South|8|52.1198|0.9493|3
EHH|Elmcombe Halt|1|50.8746|-0.9131|5
EHK|Elmham Road|6|52.1458|-0.1394|3
EHL|Elmham|3|52.3990|-1.6366|5
EHY|Elmthorpe North|5|51.3390|-0.8108|2
EIE|Elmbridge Bridge|1|52.1198|0.6025|5
EIS|Elmwick South|3|51.9562|1.0984|6
ELD|Elmgate Bridge|6|50.8708|-0.6642|4
ELG|Elmden Halt|1|52.3586|-1.4033|2
ELJ|Elmcombe Central|4|50.8924|-1.5247|8
ELM|Elmstead|5|51.1060|1.0810|3
ELS|Elmfield Junction|3|51.2204|-1.8857|4
ELW|Elmbury|5|51.6596|-0.4179|5
ELZ|Elmstead Junction|9|51.2179|0.0124|8
EMD|Elmton|3|51.2862|0.5870|3
EMG|Elmford Parkway|3|51.2841|0.2249|3
EMT|Elmcombe|1|52.1965|0.8178|5
EMX|Elmworth Village|8|51.7647|-1.2268|3
ENB|Elmcombe Town|4|51.5916|-1.3524|3
ENC|Elmden Town|7|51.8198|0.1914|4
EOB|Elmstead Road|8|51.5474|-1.3945|4
EOE|Elmthorpe Town|9|51.7107|-1.6709|4
EOL|Elmton Road|5|51.2764|0.6866|6
EOS|Elmley North|2|52.3458|-0.5927|6
EOT|Elmwood Road|4|51.2280|0.7416|8
EOU|Elmton North|6|52.2025|0.6468|3
ERJ|Elmwick Road|2|51.1384|-1.7427|3
ETD|Elmwell South|1|51.4108|-1.4696|6
ETT|Elmmouth Bridge|2|51.0738|1.5701|3
EUS|Elmden Junction|7|51.5043|0.2861|5
EUW|Elmhurst Town|9|51.5198|1.4995|2
EVA|Elmden Village|5|51.5652|-0.7454|8
EWC|Elmworth Town|3|52.1224|0.8707|4
EWJ|Elmwell Central|3|52.3481|-1.1314|2
EWK|Elmwood|7|51.2970|-1.2493|6
FAE|Fairton|8|52.0904|-1.3884|8
FAG|Fairwood Parkway|4|51.0869|0.6697|2
FAJ|Fairbridge Road|6|52.3389|1.5042|5
FAK|Fairwick Parkway|3|51.3408|-1.1122|8
FAM|Fernham Halt|2|52.3994|-1.7378|4
FAN|Fernford Halt|9|51.7185|-0.5053|2
FAS|Fairgate Parkway|4|50.9511|-1.6642|6
FAW|Fairley Parkway|6|51.4070|0.3656|3
FAZ|Fairgate Junction|6|51.8343|-0.4321|5
FBW|Fairgate Bridge|3|51.6086|-0.1266|6
FCC|Ferncombe Central|8|51.1218|0.0302|5
FCF|Fairton Central|1|52.3545|-0.8825|5
FCG|Faircombe North|7|51.8724|-1.0440|6
FCM|Faircombe Road|7|51.1275|-0.3769|3
FCU|Fernwick Junction|2|52.3962|-1.6671|4
FCW|Fernwick Bridge|1|52.1301|0.2040|3
FDC|Fairfield Bridge|3|51.3974|0.2657|4
FDN|Fernstead|5|51.8593|1.1212|3
FDR|Fairwood|5|51.4694|-1.0181|4
FDW|Fernford North|7|52.2682|0.1926|3
FEB|Fernstead Parkway|6|51.0390|-1.3544|3
FEE|Fernwood Central|5|51.1906|1.3610|2
FEF|Fairborough Bridge|9|51.1956|-0.9808|5
FEK|Fernden Town|4|50.9367|-0.1240|3
FEL|Fernthorpe North|3|51.5402|-0.5247|8
FFV|Fernford|6|52.3935|1.2789|8
FGD|Fernborough Village|9|52.3676|0.6917|8
FGS|Fairbridge Junction|3|50.9759|0.3279|2
FGU|Ferngate South|3|50.8559|0.4930|3
FHA|Fernworth North|2|51.1215|0.4883|8
FHN|Fernbury South|5|51.9455|-1.0186|6
FHV|Fernworth Road|3|51.9755|0.6151|8
FIB|Fairwick Village|1|51.2732|1.2940|8
FIE|Fairworth Halt|2|52.1237|0.2349|8
FIG|Fairford Central|7|52.1334|-0.4733|3
FIJ|Fairton North|7|51.9651|-0.5405|6
FIP|Faircombe Halt|7|51.6692|0.5669|3
FIU|Fernfield Road|1|51.4236|-0.8518|3
FIZ|Fairham|2|51.5956|0.2508|4
FKE|Fairwick South|8|51.5257|0.2894|2
FLA|Fairden Central|7|52.1310|1.2787|2
FLD|Fernley|4|51.0991|1.3337|8
FLE|Fernwood Village|5|52.0098|1.0658|4
FLG|Fairgate Village|7|52.2720|0.5086|8
FLL|Fernley Central|5|51.0041|1.5046|2
FLV|Fernwell Bridge|3|52.3048|-1.6737|4
FLX|Fernley Parkway|9|50.9637|-0.6642|2
FMZ|Ferncombe|4|51.0098|1.5457|4
FNB|Fernfield Parkway|8|51.3032|0.2268|6
FNC|Fernden Central|4|50.9635|-0.2547|3
FND|Fernhurst Bridge|9|52.0678|-0.7671|2
FNS|Fairley Junction|9|51.1520|1.2719|8
FNW|Fairwell Central|1|51.3699|1.3624|5
FNY|Fernford Central|5|51.7040|-0.4260|3
FOG|Fairthorpe Town|9|51.3154|-0.6265|3
FOK|Fernmoor Bridge|5|50.8970|1.5088|6
FOM|Fernham North|2|52.2899|-0.5334|3
FOS|Fairborough North|2|51.7955|0.2958|4
FOT|Fairmoor Central|1|51.2836|0.2277|4
FOX|Ferncombe Town|8|51.9517|-0.5331|4
FRA|Fairhurst|7|51.7061|0.1240|2
FRC|Fernhurst Road|9|52.0905|0.8026|3
FRD|Fernfield|8|52.2766|-1.1313|5
FRF|Fairfield Parkway|6|51.0790|1.1790|8
FRG|Fairbridge|5|51.8059|-0.0412|3
FRH|Fairborough|8|52.0843|0.7810|6
FRJ|Ferngate North|4|51.1199|0.6601|3
FRM|Fairborough Junction|5|51.0540|1.2379|3
FRN|Fairworth Town|5|51.1970|-0.1610|6
FRU|Fairstead Road|5|52.1299|0.0654|3
FRW|Fairbury Junction|9|51.2048|-1.8730|3
FRX|Fairton Road|9|51.3711|-0.8786|2
FRY|Fernbridge Junction|2|51.2864|0.7717|6
FRZ|Fairford|5|51.8614|1.4946|4
FSK|Fairhurst Parkway|5|51.4686|-1.7202|6
FSU|Fernhurst|9|51.1255|-1.6180|6
FSY|Fairgate South|3|51.3838|1.5464|6
FTC|Fernwell Halt|6|51.4598|-0.4095|3
FTG|Fairstead North|1|51.1094|-1.6208|5
FTH|Fernstead Junction|7|52.1123|0.1682|3
FTM|Fairstead|4|51.8470|-0.7789|4
FTS|Fernworth Junction|6|52.1286|-0.0955|2
FTT|Fernthorpe Bridge|6|52.0877|-0.9961|2
FTW|Fernfield South|6|51.5898|0.2055|3
FUB|Fairford South|6|51.3755|0.9666|5
FUH|Fernborough|5|51.3614|-0.4621|2
FWA|Fernwell Junction|2|52.3415|0.7307|8
FWC|Fairwick Road|7|51.5318|-0.3562|2
FWJ|Fernbridge Parkway|4|50.9748|1.2899|3
FWL|Fernmoor Parkway|3|51.2307|-0.0870|5
FWR|Fairwick Town|7|51.9702|-1.6495|3
FWS|Fairworth Road|7|51.1180|-0.4509|3
FWV|Fernwick|6|52.3315|-0.0970|5
GAB|Glenden Halt|1|51.4384|0.8685|6
GAE|Glenfield Road|5|51.7535|-0.3588|3
GAU|Glenwell Halt|9|52.3591|0.8168|2
GAZ|Glenley Halt|8|51.0771|-1.4347|4
GBL|Glencombe Road|9|52.0544|1.4965|6
GBV|Glenbridge Town|6|51.2150|-0.4335|3
GCJ|Glencombe|2|51.1001|0.4458|6
GDD|Glenden Town|3|52.2164|1.1910|3
GEB|Glenwell Town|3|51.5065|0.9279|3
GEG|Glenworth South|4|52.2400|1.5317|3
GEL|Glenden|1|51.8951|-0.5305|4
GER|Glengate North|4|50.9414|-0.6275|3
GES|Glenwick|1|51.2407|0.0915|4
GFP|Glenford|2|51.1851|0.0287|2
GGT|Glengate Halt|6|52.0617|0.9882|5
GHC|Glenham Town|2|51.5473|0.4966|6
GHJ|Glenham Halt|1|50.8152|-1.4073|3
GHU|Glenworth Halt|3|51.9383|-0.3056|8
GIM|Glenbridge|3|51.4892|-1.8670|5
GKJ|Glenworth Parkway|9|51.9608|-0.9195|2
GLM|Glenworth North|8|51.6949|-0.1597|8
GLN|Glenmoor|2|51.4300|-0.0100|4
GLR|Glenworth Village|8|50.9702|0.1646|3
GLW|Glenwell Bridge|4|51.3994|0.7341|8
GLX|Glenborough|3|50.9559|0.9569|4
GLZ|Glencombe Town|6|51.8815|-1.0398|6
GMA|Glenmouth Parkway|2|51.9076|-0.0815|8
GNB|Glenmouth Town|6|51.7089|0.0303|3
GNC|Glencombe Junction|1|50.9547|0.5679|2
GNK|Glenmouth|6|52.3799|-0.6506|8
GNN|Glenmoor Parkway|1|51.6838|0.3031|3
GNR|Glenby Road|8|52.3240|0.5784|2
GNZ|Glencombe Central|9|52.2626|0.7535|3
GOE|Glenborough Parkway|8|51.8725|-1.0674|3
GOK|Glenworth|5|51.2685|0.7258|8
GON|Glenmoor Junction|4|51.1199|-0.1753|6
GOP|Glenbridge Road|4|51.2239|0.5645|2
GPD|Glenthorpe Halt|8|51.0010|0.0345|5
GRA|Glenstead Bridge|8|52.2547|-0.6960|6
GRG|Glenham North|5|51.6720|1.1809|8
GRS|Glenthorpe Central|4|51.5989|0.8315|3
GSP|Glenstead|8|52.1542|-0.1995|3
GTD|Glenham South|9|51.7976|0.6119|6
GTH|Glenhurst|1|51.4082|1.4581|4
GTY|Glenmouth Bridge|5|51.8722|0.0542|5
GUP|Glenborough Halt|9|51.3673|-1.1647|3
GUU|Glenford Junction|1|51.2044|-0.3125|3
GUW|Glenmouth Central|4|51.0245|1.0687|6
GWJ|Glenwood|4|51.6117|-1.0902|8
GWP|Glenwell|9|51.1179|-0.6847|2
GWT|Glenford Parkway|2|51.1283|1.4945|3
GYC|Glenley Junction|6|51.7809|-0.6757|2
HAA|Hartford Central|4|51.5355|-1.4781|3
HAB|Hazelgate Parkway|7|52.0601|-1.8882|5
HAF|Hartstead|6|51.5487|0.0690|6
HAG|Hazelcombe Road|2|51.4863|-1.7771|5
HAL|Hartborough|4|52.0434|-0.6902|2
HAM|Hartden|8|50.9243|-0.0221|2
HAR|Holwell Road|2|52.2035|-1.7232|3
HAU|Holgate|8|51.6366|-0.8344|3
HAX|Hartstead Bridge|3|51.9631|-1.3972|4
HBT|Hazelby Road|3|52.2868|1.5201|3
HCD|Holcombe Junction|3|51.6943|-1.4944|3
HCE|Hartford Junction|9|51.1228|1.1763|2
HCL|Hazelwick Central|5|52.1234|-0.0364|2
HCR|Holcombe Bridge|9|52.3432|0.6970|5
HDC|Hazelwood Bridge|1|51.3830|-0.7520|5
HDJ|Hartmoor Road|2|51.4101|0.4512|8
HDK|Hartbridge|6|51.4454|1.2812|8
HDP|Hartwood Central|9|51.5565|-0.3769|5
HDS|Hazelcombe Bridge|8|52.1541|-0.7148|5
HEA|Hartcombe Parkway|3|51.2115|0.6838|2
HEC|Holley Bridge|6|51.9593|-1.5805|2
HEE|Hartham Village|3|51.5545|0.5104|5
HEF|Holbridge North|5|51.4984|-0.0974|6
HEH|Hartwell Town|6|52.1588|0.4749|8
HEZ|Hazelbridge Town|2|52.2881|-0.8423|6
HGB|Hazelmouth Bridge|9|51.3094|0.6890|8
HHA|Hartley North|8|51.1670|-1.7957|3
HHB|Holborough Halt|9|52.0672|-0.1946|2
HHC|Holham|5|51.5021|1.1443|6
HHH|Holmouth North|2|52.3988|0.6578|8
HHP|Hartmouth Halt|2|52.1961|-0.0439|6
HIN|Hartwick|1|52.1587|0.2597|4
HIP|Hartden Village|2|50.9801|1.1393|3
HIY|Hazelwick|3|51.6261|-0.7069|6
HJH|Hartmouth Junction|8|52.3514|0.1320|8
HKS|Holbury Parkway|4|51.4577|-1.5000|2
HLC|Hazelbridge Road|8|50.8473|1.3898|5
HLM|Holley|7|50.9534|0.7228|3
HLP|Hazelton Central|9|51.0225|-1.1809|3
HLU|Holbridge Bridge|3|51.6553|0.4098|5
HLW|Hazelstead Halt|6|51.5003|-0.1504|8
HLZ|Hazelfield|2|50.8175|-0.2727|4
HMK|Holcombe North|5|51.6973|-0.9808|2
HNE|Hartton Road|4|52.2465|0.8709|3
HNG|Hartton Central|7|51.4030|1.4544|3
HNS|Hazelmoor North|6|51.9460|1.0467|5
HNT|Holbridge Central|2|51.9584|-1.1594|3
HNW|Holden Central|6|51.1013|-0.2587|5
HOA|Hazelford Road|7|51.4067|-1.8564|2
HOB|Hartden Town|3|51.7945|-0.4555|4
HOC|Hartborough Road|3|51.8568|-0.5980|5
HOE|Hartmoor Junction|1|51.0185|0.0508|3
HOF|Hazelwood Road|6|50.8968|-0.4414|8
HOJ|Hazelton|6|52.3180|0.2734|5
HOK|Holton|5|51.0133|0.3254|4
HOM|Holborough Parkway|9|50.9324|-0.3568|5
HOP|Holmoor|1|52.2543|0.2510|5
HOR|Hazelwick Town|5|51.3319|1.2980|3
HOT|Hazelbridge South|2|51.3763|-0.3370|2
HOV|Hazelborough Bridge|2|50.8137|-1.6640|8
HOW|Holby Town|8|51.0123|-1.8745|5
HOX|Holmoor Parkway|6|51.9343|-1.6718|3
HOZ|Hartwood Junction|3|51.4475|-0.6836|2
HRA|Holgate Bridge|4|52.1366|-0.5706|3
HRC|Hartthorpe North|5|52.2428|-1.5430|5
HRE|Hartthorpe Bridge|8|51.9531|-1.4196|5
HRJ|Holthorpe Road|2|50.9304|-1.1197|2
HRL|Hartthorpe|6|51.2757|-0.5176|2
HRV|Holmouth Parkway|6|52.0130|-1.2876|4
HSC|Holhurst Central|3|51.4879|-1.3486|2
HSE|Hartbury South|4|51.5769|1.3065|3
HSL|Harthurst|9|51.0240|1.4160|3
HSX|Hartley South|6|51.7067|-1.6400|6
HTA|Hartwick Road|6|52.1755|1.4059|2
HTB|Hartbridge Halt|2|52.2821|-1.2495|8
HTC|Hartby Halt|9|51.6440|-1.7052|4
HTE|Hartby South|9|51.0592|-1.7983|5
HTF|Hartmouth North|1|52.0050|-1.8399|4
HTH|Hazelcombe Central|6|51.9577|0.8350|5
HTL|Hartcombe Town|4|51.7812|0.8594|8
HTM|Hartwell North|7|51.6866|0.1372|8
HTN|Hazelstead North|3|52.3967|-1.5789|8
HTR|Holton North|3|51.7102|-1.5566|3
HTW|Hazelstead|1|52.1275|-1.6965|3
HTY|Hartwick Junction|8|51.9945|-1.3249|8
HTZ|Hazelmouth Road|7|52.1202|-1.4892|2
HUL|Harthurst North|5|51.9879|0.0027|3
HUM|Harthurst Central|3|50.8983|0.4322|2
HWJ|Hartwell|1|51.4035|1.0638|3
HWL|Holmoor Town|4|50.9031|1.3364|2
HWM|Hazelwell|8|51.3632|1.0637|8
HWN|Hazelbury Town|5|52.2248|-0.2190|4
HWV|Hartwood Village|3|52.2390|1.3338|6
HWZ|Holbridge Parkway|4|52.0641|0.4834|5
HYE|Hartley Bridge|8|52.3327|1.3408|4
HYF|Hazelley|9|52.1546|0.7833|6
HYP|Hartmoor Parkway|7|51.0779|0.4149|5
HZB|Hazelden|6|51.6450|-1.4649|4
HZX|Hazelthorpe South|6|51.7291|-0.2002|8
IAE|Ivyham Village|3|51.9914|-0.0741|2
IAF|Ivygate Parkway|2|51.3104|0.6133|5
IBC|Ivycombe North|4|52.3981|-1.6864|6
IBS|Ivyborough North|9|51.5573|-1.1358|3
IDE|Ivyley Road|8|50.9983|-1.4402|3
IDJ|Ivywick Road|7|51.3824|0.7035|8
IDP|Ivyfield Halt|1|51.7491|1.3484|3
IDY|Ivyfield North|8|51.9946|0.8455|2
IEE|Ivythorpe Parkway|7|51.5859|-1.8008|8
IEL|Ivyfield|6|51.2357|1.4519|5
IEM|Ivybury Bridge|4|52.1553|0.1950|5
IFC|Ivyford|4|50.9066|1.1197|4
IFH|Ivyfield Road|6|52.2616|-0.8188|8
IGT|Ivyborough Halt|6|50.9738|-0.4316|2
IGV|Ivyford Bridge|8|51.6367|0.5593|2
IGW|Ivystead Bridge|9|51.2891|-0.4409|5
IHH|Ivyhurst Halt|7|51.7914|0.7103|8
IIT|Ivyfield Parkway|8|50.8913|0.8027|6
ILD|Ivyworth Central|2|50.8616|-0.3153|4
ILL|Ivybury Halt|7|51.5041|1.1428|6
ILU|Ivyby Halt|9|52.0137|0.8911|5
IMH|Ivymouth South|8|50.9822|1.2244|8
INP|Ivyden South|9|52.0887|-0.4105|5
IOA|Ivywood|1|51.2126|-0.1033|6
IOG|Ivyden Junction|3|51.9938|-0.7560|4
IOT|Ivyham Town|3|51.2375|-0.1296|5
IOY|Ivymoor|5|51.4495|-0.0219|5
IRB|Ivymoor Junction|9|51.1351|1.0926|3
IRM|Ivycombe Road|1|51.2759|-0.2807|6
IRS|Ivyhurst Junction|9|51.8702|-1.4809|6
ISF|Ivyby South|3|51.1214|0.2741|3
ITR|Ivyton Central|6|51.8511|0.5193|5
IUH|Ivyborough|7|51.9410|0.3037|3
IUJ|Ivybury South|6|51.9608|0.4316|3
IVL|Ivystead|3|51.5795|-0.2061|2
IVN|Ivywick South|5|50.8694|-0.8908|4
IVS|Ivythorpe|6|51.9216|1.4697|2
IVW|Ivymouth|5|51.8296|0.9031|8
IVZ|Ivygate South|2|51.4796|1.4336|2
IWJ|Ivywick Town|5|51.9010|-0.8735|2
IWV|Ivymoor Town|4|51.5907|0.8168|4
IYA|Ivyfield Village|7|51.8219|-1.8193|2
IYD|Ivycombe|2|51.7167|1.1848|8
IYM|Ivyley Town|9|51.7351|-1.4132|6
IYN|Ivythorpe Town|5|51.2279|0.1992|3
IYT|Ivyford Road|9|50.9471|-0.0590|6
IYU|Ivystead South|3|52.1215|-1.5202|4
IYY|Ivywell|2|51.1127|-1.3716|3
KAE|Kingsford Halt|9|51.6677|-0.3713|6
KAF|Kingshurst Central|1|51.2501|-1.7298|6
KAH|Kencombe Village|5|51.5826|-1.1257|5
KAM|Kingsgate Halt|7|52.2410|-1.2971|6
KAN|Kingsbridge Central|6|51.6060|-0.9491|5
KAS|Kingshurst Parkway|4|52.0539|-0.7349|3
KAV|Kenstead|1|50.8278|-0.8929|8
KAX|Kingsmouth Halt|1|51.2020|-0.7962|2
KBE|Kenby Bridge|7|51.2478|0.4301|3
KBT|Kingswell Bridge|1|51.6632|-0.5076|4
KBV|Kenborough Halt|3|51.1263|-1.8602|6
KCD|Kenbury Junction|2|51.8576|-1.0314|5
KCL|Kingsford Junction|2|51.6023|0.0243|6
KDK|Kingsden North|6|51.4141|1.2914|6
KDR|Kingsstead|5|51.4190|1.3079|3
KDT|Kingsmoor Bridge|2|51.4208|-0.2400|2
KDW|Kingsden|1|51.1382|0.9671|6
KEE|Kenby|4|51.2252|-1.4372|3
KEJ|Kenbridge Bridge|6|51.5673|1.5681|3
KEK|Kingswell|9|52.0144|0.9915|3
KEL|Kenwick Halt|6|52.1514|1.4108|6
KFR|Kingsfield|2|51.0581|-0.3422|5
KGA|Kingsmouth Bridge|8|50.8971|-0.9593|6
KGC|Kingston Town|2|51.4140|0.7374|8
KGJ|Kingswick|9|51.8954|1.2981|3
KGP|Kengate Parkway|5|51.8812|1.2176|3
KGV|Kingswick Halt|5|51.6615|0.5133|8
KHG|Kenhurst Junction|6|52.1485|-0.3753|2
KHJ|Kenhurst South|6|50.9436|0.1362|2
KHU|Kingswood Halt|7|51.8371|-1.8763|6
KHV|Kingsmouth Road|9|51.6254|1.5603|2
KHW|Kingsmouth North|4|51.1306|-1.8110|2
KHZ|Kingsham Bridge|9|51.2936|1.3010|4
KIG|Kingsbridge Road|2|51.8516|-1.5709|3
KIL|Kenstead Bridge|3|51.8359|1.3260|8
KIP|Kingswick Road|7|52.3999|0.4658|3
KIS|Kingsley Central|4|51.0586|0.4897|5
KIX|Kingsden Town|5|52.2586|0.1249|8
KIY|Kingshurst|1|51.1146|-0.1575|5
KIZ|Kingsham Junction|2|51.0713|0.7463|8
KJR|Kenwell Junction|6|51.3437|-1.7168|8
KLA|Kenton Village|3|50.8639|0.9921|2
KLC|Kingsley Village|9|51.0489|1.4606|2
KLD|Kenwell Town|7|51.8120|-1.5783|5
KLH|Kenden Village|1|51.7539|-1.2535|5
KLL|Kingsford Central|9|51.5617|-0.8932|6
KLX|Kingsborough Village|3|51.8320|1.5174|8
KND|Kingswick Village|9|50.8595|0.3819|4
KNE|Kenby Town|4|51.0953|-1.1863|8
KNF|Kenton Town|6|51.7624|-1.4707|8
KNK|Kenwood North|1|50.8372|-1.1215|6
KNM|Kenworth Road|7|52.0020|-0.1390|8
KNY|Kingsby|3|51.0878|-0.4920|8
KOF|Kingsstead Town|5|51.3552|-1.8364|3
KOM|Kenford Central|1|51.1982|-0.8774|3
KON|Kenton Road|1|51.1479|-1.4300|8
KOP|Kingsthorpe|7|51.2623|1.4397|2
KOU|Kenwood Halt|1|51.6097|1.3587|4
KOX|Kingston Parkway|9|52.1180|1.0178|3
KRE|Kingscombe Central|5|50.8616|-0.8108|2
KRH|Kingsley Parkway|1|51.4475|0.2299|4
KRJ|Kenwell North|2|52.1763|0.0190|2
KRL|Kingsby North|5|51.4878|-1.2691|2
KRM|Kingswood Bridge|7|52.0474|1.0993|3
KRU|Kingsbury Town|4|52.3200|0.6999|2
KRW|Kenley North|8|52.0929|1.4588|8
KRX|Kingsworth North|1|51.1397|0.2569|4
KRY|Kenbury Halt|2|51.0354|0.3789|5
KSJ|Kingsborough|7|51.6175|-1.2355|3
KSM|Kingsden Parkway|1|52.1258|1.0211|3
KST|Kingsthorpe South|4|51.7078|-1.8065|6
KTG|Kingsmouth Junction|3|51.9831|1.3914|3
KTJ|Kenthorpe Halt|4|50.9895|-1.8051|5
KTR|Kenton|8|52.1895|1.5835|4
KTT|Kenden Town|5|51.1797|-1.6824|5
KTX|Kenley Junction|4|52.0351|-1.3044|3
KUF|Kenbury Village|8|52.3310|1.0836|3
KUR|Kingsmouth|4|52.2816|0.1524|2
KWR|Kenwell|3|52.1151|0.4570|3
KWS|Kingswood|2|51.3089|1.2611|2
KWT|Kenwood Central|8|51.6298|-0.7149|3
KWU|Kenmouth Town|1|51.8850|0.0519|5
KWV|Kingswell Parkway|9|51.8542|1.4804|2
KWW|Kingsworth Junction|3|51.8966|-0.4238|8
KYH|Kingsbury|9|51.8147|-0.8855|3
KYV|Kenford Parkway|6|51.0678|-0.5597|5
LAA|Langfield Halt|1|51.2105|1.2356|3
LAB|Langden Parkway|5|51.8174|0.4773|6
LAC|Langton Halt|9|50.9506|0.1398|5
LAE|Langton|4|51.0283|0.7852|2
LAH|Langstead North|6|50.9878|-1.4244|8
LAM|Lowerbridge Road|5|50.9563|0.8443|3
LAN|Langworth|1|51.2891|-1.3572|6
LAP|Lowerham Parkway|3|50.9570|-1.7313|4
LAR|Langwell South|2|50.9025|-1.7491|5
LCB|Langby Central|1|51.8320|-0.7671|4
LCH|Lowercombe Road|3|51.6050|-1.4564|3
LCM|Langgate Junction|8|51.5657|-1.1628|3
LCW|Langstead Junction|6|51.9867|1.1849|5
LDC|Lowerwood|8|51.1729|0.8255|8
LDE|Langstead Halt|8|51.6230|1.3086|2
LDL|Langford Central|2|52.1790|1.3398|8
LEB|Lowerley Road|6|51.7952|1.4444|3
LEC|Lowerton South|9|51.5343|1.3227|8
LED|Lowerwick North|7|51.0780|-0.2511|5
LEJ|Langcombe Central|5|52.2054|-1.1435|2
LEL|Lowerwick|1|51.2323|0.0909|3
LEM|Langwell Bridge|9|52.1754|1.2379|2
LES|Langham Village|5|51.1716|-1.6967|5
LEW|Langwell Road|2|50.9889|-0.4366|8
LGJ|Langden Halt|2|52.0292|-1.7300|8
LGR|Langwood Bridge|8|51.8830|-1.3928|8
LGS|Lowerbridge Halt|9|51.5360|-0.6959|4
LGU|Langborough Town|8|52.0548|-1.5286|5
LGW|Lowercombe Bridge|5|51.4123|1.5947|4
LGZ|Lowerstead Village|5|52.0018|-0.1474|5
LHG|Langham|6|51.3526|-1.7030|8
LHH|Langwell North|9|50.9489|-0.7036|4
LHN|Lowerwick South|9|52.0457|-1.5317|6
LHS|Langthorpe Parkway|2|51.9766|-0.8253|4
LIG|Langfield|6|51.0927|-0.7263|2
LIM|Langwick Bridge|4|51.0543|0.3444|3
LIV|Langfield Central|4|52.2196|0.7238|4
LLC|Lowergate Village|1|51.4570|0.9918|6
LLG|Lowerley Central|2|51.0729|0.4891|2
LLP|Langwell Village|2|51.0887|1.1827|4
LML|Langham Junction|3|52.2892|-1.4038|6
LNA|Langmouth|3|51.6586|1.4213|5
LNB|Langmoor Town|9|52.2318|0.3846|8
LNC|Langhurst Town|1|51.8141|0.1989|8
LNF|Langwood|7|51.0580|1.3774|6
LNS|Langwood Central|8|50.9100|-1.5724|3
LNV|Langmouth North|1|51.0151|0.4834|2
LOF|Lowerborough|2|51.1680|0.9572|2
LOG|Lowerhurst South|6|51.7863|-0.0173|2
LOP|Lowermouth Town|3|51.3059|1.2927|4
LOU|Lowerhurst Road|6|52.3835|1.3259|5
LRA|Langthorpe Central|6|52.1172|0.3799|4
LRB|Langton Road|2|52.0233|0.1056|8
LRC|Lowercombe North|2|51.6880|0.8549|4
LRH|Lowerworth Central|2|51.9286|-0.8712|4
LRJ|Lowerwood Road|7|51.5233|-1.3970|8
LRM|Lowergate Central|4|51.7810|-1.7773|4
LRR|Langbridge Parkway|8|52.2452|0.6524|5
LRV|Lowerby North|2|52.2566|0.4564|3
LRW|Lowercombe|1|51.7162|1.1551|3
LSM|Lowerstead Parkway|1|51.6146|-0.8204|5
LTF|Langgate Town|5|52.0149|-0.7215|4
LTT|Lowerthorpe Halt|5|51.6032|-0.1576|6
LTU|Langby South|2|51.9786|-0.3110|3
LTX|Langmouth Junction|9|51.5512|1.0390|6
LUV|Lowerden South|7|51.9009|-0.6030|3
LVF|Langhurst Village|9|52.0086|-0.5833|3
LVK|Langcombe Village|9|51.1743|0.2420|5
LWD|Lowerwick Town|1|51.6592|1.3640|3
LWE|Lowerley North|6|51.1762|0.2598|4
LWK|Langden Town|3|52.2941|-0.8027|5
LWP|Lowerworth|9|51.6795|1.3035|4
LWR|Lowerbridge|4|51.5109|0.7156|4
LWT|Lowerborough Central|7|51.5013|-0.9976|3
LWW|Lowerthorpe Junction|4|51.5397|1.2402|4
LWX|Lowerbury|3|51.6722|1.5821|2
LYJ|Lowerby Village|5|50.9520|-1.1775|6
MAB|Marlham|7|51.3845|-0.2671|8
MAD|Marlmouth Town|1|51.5051|-1.1673|3
MAE|Marlbridge North|1|51.1005|-0.8031|5
MAG|Marlwick Bridge|8|52.1767|-0.0060|2
MAK|Marlham Road|7|51.1335|0.3514|2
MAM|Millgate Halt|9|51.9427|-0.1782|5
MAT|Marlley Road|1|50.8650|-1.4441|6
MAU|Marlham Parkway|5|52.1523|-0.0545|3
MAV|Millborough Village|9|52.0568|1.0659|3
MAY|Marlden Halt|8|51.1975|1.0635|3
MAZ|Marlfield Road|6|51.9493|-0.6319|4
MBC|Marlby South|8|52.2218|-1.1321|6
MBV|Marlcombe Town|4|51.2298|-0.6362|3
MCF|Marlwick|1|51.2368|-0.2730|5
MEC|Marlbridge|1|50.8173|1.5724|8
MED|Millworth Central|8|52.2003|-1.6252|2
MEE|Marlfield Village|2|51.4443|1.3848|3
MER|Millwell Bridge|8|51.8165|1.3665|3
MGD|Marlgate|8|51.0001|0.7781|5
MGG|Millgate|5|51.3290|-0.2805|6
MGL|Millborough Junction|9|51.6237|0.1633|6
MGV|Marlgate South|6|52.3488|-1.6961|2
MHW|Millden South|9|51.9855|-1.1270|3
MIA|Marlbridge Bridge|2|51.0200|0.6673|3
MIB|Marlford Bridge|1|51.1369|-0.3507|2
MID|Millford Bridge|4|51.6666|-1.6463|2
MIF|Millborough South|5|51.3416|-1.0910|2
MIK|Millton Bridge|9|50.9345|-1.6141|6
MIV|Marlcombe Junction|5|51.7425|-1.1854|5
MJT|Marlgate Junction|4|52.3765|0.7933|4
MKL|Marlwick Town|1|51.9268|0.4511|8
MKM|Marlwick Central|9|51.8882|1.1306|3
MKX|Marlgate Parkway|3|51.7184|-1.8946|3
MLB|Millden|8|50.9708|-1.4186|3
MLC|Millbury Village|5|50.8329|0.6632|6
MLD|Millbury Bridge|8|51.4979|-0.2646|8
MLL|Marlton North|8|52.0586|-1.7459|8
MLN|Millbury Halt|5|51.0081|1.5973|3
MLV|Millthorpe Village|3|50.9098|0.7060|3
MLX|Marlwell|2|51.3581|1.5618|8
MLZ|Millbury Junction|4|51.8041|-0.8847|8
MNA|Millmouth Junction|7|51.6618|-1.4591|8
MNN|Marlley Central|6|51.4451|-1.6709|2
MNW|Marlton Town|8|52.2805|1.1787|2
MOD|Marlford|2|51.2336|-1.8160|5
MOE|Marlford Junction|3|50.9319|-0.9553|6
MOF|Millham South|7|51.6182|-0.6467|3
MOH|Millworth South|1|51.2804|1.1586|4
MOM|Marlton Road|3|52.3796|-0.5298|3
MOR|Marlmoor South|1|51.2678|-0.3699|6
MOT|Marlwick Road|2|51.2033|-0.0250|8
MOW|Marlthorpe North|8|51.5538|-1.4072|5
MOZ|Marlmoor Junction|7|51.8999|1.5401|6
MPY|Millthorpe Bridge|8|51.2782|0.8143|2
MRB|Marlton|1|52.3303|-0.5465|8
MRK|Marlwood Central|9|51.0809|0.3957|3
MRL|Marlhurst Central|1|51.3193|-0.7160|4
MRM|Marlbridge Halt|8|51.4074|-0.3552|8
MRS|Marlstead|8|51.5686|-0.8085|3
MRT|Marlgate North|2|51.0860|0.2591|3
MRV|Marlmouth Parkway|6|51.3917|-1.6895|4
MRX|Marlmoor Halt|2|51.1307|0.7361|2
MSC|Millbury South|4|52.2918|-1.8330|6
MTA|Marlbridge Town|2|50.8537|1.5664|8
MTB|Marlton Central|3|51.9420|0.0368|3
MTD|Millhurst|8|50.8463|-0.9578|5
MTF|Millstead North|1|51.2925|-0.0687|5
MTJ|Millmouth Halt|2|52.2130|0.2068|4
MTN|Marlton Junction|6|51.5521|-1.5829|8
MTU|Marlthorpe Junction|4|52.0584|-1.8028|5
MTX|Marlmouth Bridge|2|51.9196|1.5312|5
MUE|Marlfield South|8|50.8865|-0.0982|3
MUK|Marlborough Halt|9|51.8394|0.8295|4
MUS|Millmouth|4|51.2155|1.2066|5
MWD|Millby Parkway|6|50.9965|-1.0432|4
MWE|Marlwell Bridge|8|52.2118|1.4562|3
MWU|Marlbury Parkway|2|51.7590|1.4439|6
MYA|Millden Parkway|8|52.3726|-0.9767|4
MYP|Marlmoor Parkway|2|50.8788|-0.2429|3
MYW|Millley South|9|52.0491|0.7785|4
NAB|Norwick Road|1|51.8020|0.4823|4
NBH|Norcombe|9|51.8633|0.8667|3
NCW|Norwick Town|4|51.9083|-1.7417|3
NDV|Normoor Bridge|4|51.3002|0.5565|6
NDY|Norden Road|4|51.0583|-0.3897|5
NEH|Norfield Road|9|52.3813|-0.1174|3
NHD|Normouth South|4|51.7143|0.1859|3
NHM|Norby Halt|4|52.3033|-0.1297|4
NIJ|Norden Bridge|4|50.9932|-0.5642|2
NLN|Norwell Central|6|51.7238|-0.6391|8
NLV|Norfield Village|2|51.3835|1.1445|3
NLX|Norley Bridge|4|51.7937|0.2516|3
NNZ|Norby Town|5|51.1253|-0.5520|5
NOB|Norley|9|51.3914|0.5695|4
NOE|Norborough|4|51.1102|-1.4365|2
NOF|Norwood|3|51.9622|-0.2185|2
NOM|Norwood Halt|6|50.9475|-0.6192|3
NON|Norwick Junction|9|51.1404|-0.3638|8
NOS|Norford|8|51.4487|0.6451|4
NOT|Normoor Junction|1|50.8280|-0.0797|2
NOW|Norfield|6|51.2743|1.3244|8
NPS|Normoor Parkway|3|52.2850|-1.2597|8
NRL|Normouth Junction|6|52.3503|0.2283|3
NRS|Norton|7|51.9154|-0.7479|8
NRU|Normouth Central|2|51.4473|1.2666|8
NSB|Norstead Village|6|50.8547|0.8926|3
NST|Norstead Parkway|8|52.2651|1.3319|5
NTF|Norworth|8|51.8319|1.5455|8
NTK|Norbury Junction|8|50.8074|-1.6025|6
NTM|Norton Road|4|52.3867|-1.1240|2
NTR|Norworth Junction|5|52.3659|1.3099|6
NUN|Norhurst Town|5|51.3411|-1.6828|3
NUT|Normouth Town|6|51.5625|0.1627|3
NUV|Norhurst Halt|6|51.1358|-1.4291|3
NWM|Norwick|3|52.3392|-0.0610|6
OAC|Oakborough Road|7|52.1256|-0.8375|3
OAE|Oakwood Junction|9|51.2872|-1.1791|3
OAN|Oakfield Halt|1|51.5425|0.9117|2
OAT|Oakford|1|51.1017|1.5547|5
OAW|Oakstead Road|7|51.6292|0.4139|8
OBX|Oakby|7|52.2999|0.7241|3
OCH|Oakwell Central|3|52.0775|-0.7270|2
OCR|Oakmoor Junction|5|51.5561|-0.1842|6
ODV|Oakfield Village|1|50.9836|-1.5218|3
OED|Oakbridge Junction|7|51.2631|1.2367|2
OEE|Oakstead Bridge|5|51.5769|1.2917|5
OEM|Oakthorpe Town|5|51.9815|-1.7845|5
OEV|Oakley|6|51.5374|-1.3311|2
OFG|Oakfield North|3|51.6081|-1.4472|4
OGU|Oakgate Central|1|51.2116|0.3640|3
OHM|Oakborough North|2|51.6968|-0.1635|8
OKR|Oakden Central|1|51.8658|0.9913|6
OKV|Oakworth Halt|6|51.9946|0.1262|3
OLG|Oakfield Junction|6|52.0147|0.3495|3
OLK|Oakmoor Halt|5|52.3516|-1.6928|3
OLT|Oakwood Halt|8|51.1600|0.6588|5
OMA|Oakham Bridge|6|51.2397|0.7367|8
OME|Oakmoor|9|51.9131|-0.5982|5
OMG|Oakmoor North|3|51.0552|0.2756|4
ONG|Oakden|2|52.2680|1.1477|3
ONH|Oakwick Central|7|51.1059|-0.9074|3
ONT|Oakden Junction|5|51.7252|0.6166|6
ONX|Oakton Village|1|51.4770|0.7375|4
OOM|Oakborough Junction|1|51.1660|0.6150|2
OOV|Oakwood Town|8|51.4341|-1.5001|3
ORC|Oakhurst South|5|50.8978|-0.1828|4
ORV|Oakmoor Parkway|2|51.5614|0.9642|2
OSB|Oakhurst Road|6|51.5249|-1.8637|2
OSS|Oakhurst Village|8|51.2632|-1.7756|3
OTE|Oakhurst|3|51.9100|-0.2674|3
OTG|Oakborough Town|8|52.3470|0.2547|3
OTH|Oakwell Halt|5|51.6437|-0.6784|4
OTM|Oakmouth|3|52.2860|1.0906|2
OTN|Oakcombe Town|3|51.4184|1.1309|3
OUC|Oakborough South|7|50.8979|0.7351|3
OUH|Oakmouth Parkway|2|51.9846|-0.8949|4
OUV|Oakley Junction|4|51.7506|1.2436|3
OUW|Oakhurst Halt|7|51.0075|-1.5293|3
OWA|Oakford Parkway|6|52.0878|-1.0537|3
OYE|Oakgate Parkway|8|51.0801|-1.5251|3
OYP|Oakwell Parkway|4|51.0340|0.3093|4
PAX|Penham Village|5|51.1912|0.0520|5
PDE|Penmoor Bridge|5|52.1500|-0.7140|3
PDG|Penstead Road|1|51.4771|-1.5268|3
PDJ|Penbridge|5|51.4760|0.1533|8
PDP|Penton Road|2|51.4494|1.4915|5
PDU|Penstead Town|2|51.2640|0.6271|3
PED|Penley|2|52.0811|-1.2516|5
PEH|Penwell Halt|5|50.8765|-0.6061|6
PEK|Penden Central|4|50.9907|-1.2365|8
PER|Penfield Road|2|52.1427|0.4826|3
PES|Penworth|3|51.2288|-0.9511|3
PET|Penfield Bridge|2|51.1147|0.6686|3
PEV|Penden Town|3|51.6403|-1.2528|2
PEW|Penton|8|51.5444|-0.3361|5
PEX|Penmouth Halt|1|51.8953|0.1260|3
PGD|Penbridge Village|7|51.0505|-0.0412|2
PIC|Penwick Road|9|51.2707|-0.9833|8
PID|Penstead Junction|4|51.0470|-0.0717|6
PIL|Penfield Village|1|51.5446|1.5317|8
PKS|Penton Parkway|4|51.7470|0.2555|3
PLB|Penfield South|6|51.3754|1.4284|5
PLM|Penbridge Halt|1|52.3050|-0.6559|5
PLU|Penley Halt|7|52.3525|-0.8228|3
PME|Pencombe|7|52.2959|-1.8294|4
PMK|Penmouth|7|50.8510|0.8873|5
PNE|Penhurst Town|7|52.3389|0.2695|8
PNJ|Penham Town|4|52.2678|-1.1861|2
POF|Penwood Parkway|4|50.9310|-0.8491|4
POG|Penmoor|5|52.3650|1.3769|2
POH|Penwood|3|51.4668|0.4388|3
POR|Penbridge North|6|51.2659|-1.6214|8
POW|Penhurst Junction|9|50.9214|-0.7475|3
PRC|Penthorpe North|2|52.3453|-0.8802|5
PRG|Penhurst|4|50.9451|-0.7032|2
PRN|Penwood Bridge|6|51.3030|-0.7257|4
PSK|Penthorpe South|5|51.6886|0.4007|4
PTS|Pencombe Junction|9|50.8258|0.8740|3
PTZ|Penton Bridge|5|51.1481|-1.8267|3
PUS|Penbury Village|1|51.7025|0.3960|6
PUU|Penbury|2|51.5783|1.1197|6
PWP|Penwick|7|51.1948|-1.8110|5
PWZ|Penfield Town|2|51.9769|1.2824|5
PYA|Penhurst Parkway|3|50.8516|0.5833|8
PYD|Penley Junction|5|52.1734|0.8537|8
QAD|Quarryham|7|51.7319|-1.2860|3
QAE|Quarrystead Central|7|51.2163|-0.6759|3
QAG|Quarryborough Halt|2|52.3755|-0.3578|2
QAJ|Quarrystead Village|8|52.3039|1.4146|4
QAM|Quarrybridge Road|8|51.4660|1.4492|2
QAN|Quarryley Halt|9|51.0473|-0.0310|6
QAT|Quarrystead Road|6|52.0235|-0.5197|3
QBM|Quarrybridge Bridge|1|51.8815|1.1387|5
QEF|Quarrycombe Village|2|52.1036|-0.8385|3
QEG|Quarrybridge Town|4|51.6076|-1.8827|3
QEL|Quarryham Bridge|2|51.3371|-1.8231|8
QEP|Quarrybridge South|8|51.8974|-0.7138|5
QFA|Quarryfield Town|6|52.2713|0.3558|6
QFM|Quarryford Bridge|8|51.0036|0.1554|8
QFS|Quarryfield Bridge|5|52.3268|-1.4222|3
QHN|Quarryhurst Halt|3|50.9425|-1.5166|3
QLY|Quarryley North|1|51.7918|0.1258|3
QMG|Quarrymoor Parkway|3|51.7799|0.5772|8
QMH|Quarrycombe Central|6|51.0413|-1.1812|8
QMU|Quarrymouth Central|9|50.9621|0.3289|3
QNB|Quarryton Village|9|52.3563|-1.6700|3
QNC|Quarrywell Junction|8|51.8740|-1.4906|2
QND|Quarrymoor Town|6|51.3690|-0.4956|4
QNH|Quarrycombe Junction|1|52.3370|0.5663|3
QNP|Quarrythorpe Central|2|50.9527|0.2864|6
QNR|Quarryfield Central|4|51.3181|1.2623|2
QNW|Quarryby Junction|6|50.9602|0.2141|3
QOY|Quarrycombe Bridge|3|51.2116|-0.2717|2
QOZ|Quarryby North|6|51.3772|-0.3795|4
QRB|Quarryton Bridge|7|52.3017|-1.3523|3
QRC|Quarryworth Halt|1|51.0220|-0.7023|8
QRD|Quarrybridge|1|51.4567|0.0248|2
QRF|Quarryham South|6|51.4454|-1.0282|2
QRG|Quarrythorpe Parkway|2|50.9054|-1.2473|3
QRK|Quarrymouth Parkway|5|50.9862|-1.4103|2
QRL|Quarrywell North|7|51.0178|-1.1830|2
QRM|Quarryfield Halt|1|52.0891|0.3730|2
QRP|Quarryworth Parkway|2|51.4279|-1.6896|4
QRT|Quarrygate Central|9|51.2957|1.1169|5
QRW|Quarryby|6|51.9744|0.7979|6
QRY|Quarrybury North|1|51.8055|-1.8668|3
QRZ|Quarryhurst North|4|51.1054|-0.5978|3
QTD|Quarryley Town|4|51.4374|-0.3424|2
QTU|Quarrymouth|7|51.7867|0.2938|6
QTV|Quarryley Central|5|50.9741|-0.1889|4
QUC|Quarrymouth Road|7|52.2884|1.3486|5
QUD|Quarrymouth Town|7|51.7205|1.3152|4
QUH|Quarryton|3|51.5214|-1.6772|3
QUJ|Quarryby Town|6|51.1020|-0.8263|4
QUT|Quarryden Town|2|51.0154|0.4062|5
QUZ|Quarrywell|5|51.8354|1.5758|8
QYF|Quarryhurst Road|9|51.2865|-1.3925|5
QYL|Quarryborough|9|52.2162|-1.8026|3
QYN|Quarryley|9|51.2445|-1.4208|4
QYP|Quarryhurst Bridge|5|52.1964|0.2257|4
QYS|Quarryham Central|3|51.5090|-1.1698|3
QYT|Quarryden Parkway|2|50.9983|-0.7037|2
RAC|Redham Parkway|9|51.4219|0.5376|8
RAH|Redford Halt|5|51.7026|-0.2967|2
RAK|Redstead Parkway|6|51.3575|-1.0502|5
RAL|Rothergate|8|51.1259|1.5763|5
RAT|Rotherborough Parkway|6|52.3691|1.0670|8
RBP|Rotherbridge|1|52.2592|-1.1361|5
RBR|Redcombe|4|51.2046|-0.8822|3
RBV|Redbridge Road|5|51.8055|0.2343|2
RCE|Rotherford Central|4|51.6294|0.7382|3
RDB|Redstead Town|8|51.9118|-0.0582|3
RDR|Redwood Town|3|52.1612|-1.5348|8
RDV|Redwick|3|51.5570|0.2161|3
RDX|Redmoor Village|1|52.3602|1.3442|8
REA|Redton Bridge|9|52.3364|-1.2594|2
RED|Rothermoor Parkway|2|51.4490|-1.4207|5
REF|Rothergate Halt|1|51.0184|0.8323|3
REG|Rotherwood|2|52.0003|-1.2959|3
REH|Rothercombe Junction|8|51.7140|1.3928|2
REJ|Redborough|1|51.8852|-0.9163|3
REK|Rothercombe Bridge|6|51.9112|1.1781|4
REL|Redbridge Bridge|4|52.0777|0.0126|4
REN|Rothercombe Halt|1|52.2787|-1.3320|3
REW|Rotherwood Central|1|52.2965|-1.7470|5
RGJ|Rotherton Village|7|51.1892|-1.1533|5
RHB|Rotherden Halt|4|51.8368|-1.8623|3
RHC|Redham Central|2|51.6348|-1.7345|3
RHE|Redhurst Halt|1|51.9736|-0.6519|3
RHH|Redby Halt|3|51.2098|-0.7828|3
RHJ|Rotherwick Town|3|51.5641|-1.2986|6
RHS|Rothermouth Halt|2|51.9822|-1.3540|6
RHU|Redham Halt|2|51.0654|-1.2741|6
RHV|Rotherfield Bridge|8|51.6044|1.5183|4
RHY|Rotherby North|1|51.4979|-0.4735|4
RIC|Rotherborough Bridge|2|51.9564|0.5754|4
RIF|Rotherden Junction|1|51.8082|0.2109|3
RIJ|Redthorpe Bridge|8|51.6483|1.5733|4
RIK|Rotherford Village|7|50.9174|-1.5846|5
RIM|Rotherfield|9|51.4414|0.0647|5
RIR|Redgate Village|9|52.1681|-1.2353|8
RJG|Rotherton Junction|6|51.9611|-0.4918|8
RJN|Redham Junction|5|51.1176|-0.3919|8
RLA|Redwell Halt|4|51.5094|1.5925|4
RLH|Rotherton Halt|8|51.0030|0.1793|6
RLP|Rothercombe Central|9|51.7088|1.5829|6
RLR|Rotherwood Halt|4|52.3844|-1.2567|5
RMA|Redmouth|7|51.6294|-0.3108|3
RMG|Rothermoor Junction|2|52.1264|1.2126|6
RMP|Rotherham Junction|6|52.0024|0.6618|4
RMZ|Rothercombe Parkway|6|50.9403|-1.4902|5
RNN|Redfield Junction|5|50.8058|0.0392|5
RNX|Redford Central|9|51.8250|0.4196|3
ROB|Rotherbridge South|4|51.0488|-1.8586|3
ROC|Rotherbridge Village|8|51.0157|0.8898|4
ROE|Redden Town|6|51.9076|-1.0922|3
ROH|Redby Road|8|52.2173|-0.1515|8
ROM|Rothermouth|9|51.1735|-0.3151|3
ROP|Rotherwood Road|1|50.8759|-0.9136|3
ROR|Redford Town|2|51.8203|-0.2904|3
ROX|Rotherden Town|5|51.5925|1.3209|8
RRN|Rotherley Town|1|51.8520|0.0869|3
RRP|Redhurst|9|51.5907|1.4131|3
RRR|Rotherhurst Halt|5|52.1008|-0.0304|3
RRW|Redworth|1|51.4183|1.3851|4
RSZ|Redhurst North|7|51.3881|0.3383|2
RTA|Rothermoor Town|2|50.9218|1.4174|4
RTE|Redmouth North|6|50.9210|-1.5600|2
RTF|Rotherford|9|51.7272|0.6277|5
RTT|Rotherstead Halt|5|51.5364|-1.6232|3
RTX|Redgate Central|5|51.9417|-1.7236|5
RTZ|Rotherborough South|4|51.3635|1.0270|8
RUA|Rotherton South|8|51.1153|0.9526|3
RUE|Rotherbury Town|2|51.1402|0.3781|6
RUS|Redcombe South|3|51.9949|0.7858|5
RWG|Redbridge Parkway|3|52.2473|1.1410|4
RWJ|Rotherby Town|1|51.0952|-1.0872|3
SAC|Sandden Road|9|52.0003|-1.7957|5
SAD|Sandborough South|4|51.6561|1.4623|8
SAJ|Stanford Parkway|9|51.0435|-0.5362|8
SAM|Stanmoor Central|4|51.1128|0.7793|5
SAP|Stanwick Road|5|51.4283|1.4876|3
SAS|Sandthorpe Halt|1|51.0878|0.0460|6
SAT|Stanfield Halt|4|51.0008|0.7274|6
SAW|Stanmoor Parkway|7|51.6279|-0.0896|6
SAZ|Stanwick Town|5|51.3044|-1.0962|3
SBR|Sandwell Bridge|1|51.1053|1.4042|6
SCK|Sandwick Junction|4|51.7612|-1.6021|5
SCN|Stanwick North|2|51.2572|0.4796|2
SCR|Sandley Central|6|51.9178|0.5632|2
SDA|Stanstead Road|7|51.3304|0.2837|5
SDC|Sandmoor Junction|8|52.3070|-1.1699|2
SDJ|Sandton North|3|51.5225|-0.1366|5
SDK|Sandham Road|5|51.4898|1.1325|3
SDL|Standen Road|6|51.9797|-0.2391|6
SDS|Sandley|8|50.8988|-1.3994|2
SDZ|Stanbury Bridge|6|51.9870|-1.4230|3
SEB|Stanfield Central|1|51.2649|1.4321|5
SEG|Stanwell North|6|51.2509|0.6339|2
SEM|Stanwell Central|2|52.2109|-1.8048|8
SEN|Stanhurst Central|4|51.2287|0.4376|8
SER|Sandbridge|5|52.3315|-0.9082|2
SEW|Stanfield Parkway|6|51.2916|-1.8719|2
SEZ|Sandcombe Town|6|51.4436|-0.0816|8
SGG|Stangate Village|5|51.2933|0.7699|4
SGK|Stanby Bridge|9|52.0044|-0.3514|6
SGM|Stanbridge Junction|7|50.8092|-0.7757|3
SGN|Sandborough Village|3|51.4144|0.3297|6
SGR|Sandgate Bridge|9|51.1178|0.7251|4
SGS|Stanbridge Bridge|5|50.8495|-0.7322|3
SGW|Sandbridge Bridge|3|52.2462|0.9380|8
SHA|Stanworth Halt|2|50.8299|-0.0133|5
SHB|Sandden Halt|3|51.8935|-0.9450|4
SHN|Stanthorpe|8|51.7025|-1.4393|8
SHT|Stanhurst Parkway|2|51.6991|-0.0095|4
SIL|Stanwood Bridge|3|51.9048|-0.0958|5
SIT|Sandbridge Halt|5|50.8950|-0.3589|8
SIY|Stanbridge Halt|7|52.3324|-1.3718|3
SLD|Sandwell Village|6|51.0260|-1.4490|8
SLU|Sandton Halt|4|52.2087|1.5698|8
SLZ|Sandby Halt|6|52.1124|0.1906|8
SMM|Sandmouth Town|9|51.8939|0.5210|6
SNB|Stanstead Village|2|51.5144|0.3049|6
SND|Sandthorpe South|4|50.8518|1.5559|4
SNH|Stanthorpe Junction|2|52.2798|-0.5796|2
SNL|Stanton North|3|52.0443|-0.0622|2
SNN|Standen|2|51.1945|-1.1889|2
SNP|Stancombe Central|2|52.3805|-0.9729|2
SNR|Standen Junction|3|51.4666|-0.5267|3
SNV|Sandham Central|3|51.8370|0.1681|8
SNW|Stanhurst|8|52.1432|-0.4787|3
SNZ|Stanley North|6|50.8859|0.8283|3
SOC|Stanbridge North|8|52.3728|-0.3588|5
SOG|Sandbury South|5|51.9733|0.1491|3
SOH|Stanmoor Road|9|52.2025|1.3976|3
SOJ|Stanthorpe South|1|51.9296|-0.3018|4
SOM|Sandmoor|6|51.2579|1.2462|3
SON|Sandmoor North|2|51.9855|-0.8631|6
SOP|Stanmoor Junction|6|51.4758|0.0391|8
SOU|Stanwood|6|51.4976|0.9120|6
SPC|Sandwell Parkway|3|51.0889|-0.1461|2
SPG|Sandford Parkway|1|51.3747|-0.3735|3
SRA|Stanborough|4|51.3145|1.1371|2
SRB|Sandden North|1|51.2704|-1.5052|8
SRD|Sandwell Central|5|51.0343|1.1475|3
SRH|Sandthorpe|3|50.8734|-1.2623|5
SRJ|Stanford|4|51.9270|-1.1359|4
SRP|Sandhurst Junction|7|51.5943|1.1376|6
SSA|Stanstead|3|52.1563|-1.3406|5
SSM|Stanstead Town|6|52.0316|-1.2245|4
STB|Sandstead Bridge|1|51.3752|1.0046|3
STC|Stangate Road|5|52.0799|-1.0793|8
STG|Stangate Junction|9|52.3437|0.0402|8
STP|Stanham Halt|7|51.1205|0.5602|4
STW|Sandstead Junction|9|51.2276|0.1349|3
STX|Stanby Halt|2|50.9176|0.1224|5
STZ|Stanfield|2|52.0451|0.0390|3
SUT|Stanwick Junction|7|51.3826|-1.8631|3
SVZ|Sandford Village|3|51.9894|0.9195|8
SWS|Stanley Town|7|51.1207|0.7256|3
SYC|Standen Parkway|5|51.3844|-1.8045|6
TAB|Thorngate|3|52.0580|-1.6787|3
TBG|Thornstead Bridge|5|52.2808|-0.9206|2
TBM|Thornby Road|3|51.2550|0.2758|2
TCN|Thornhurst Junction|7|51.7629|1.2364|8
TCX|Thornley Junction|1|51.7234|-0.5116|3
TDP|Thornmouth Road|5|52.0818|-0.3240|6
TEH|Thorncombe|7|51.5385|1.3636|3
TET|Thorngate Road|4|51.0459|-1.0195|6
TEV|Thornley North|2|51.1497|-0.1442|8
TEX|Thornford Village|6|51.7725|0.0332|6
TFN|Thornfield Halt|8|50.8359|1.1387|2
TGE|Thornbridge Town|4|51.4578|-1.4747|3
TGJ|Thornbridge Central|4|51.5030|-1.2499|3
THH|Thornmouth|1|51.8128|-0.4692|6
THJ|Thornhurst Parkway|3|51.4350|-1.1687|6
THW|Thornby Halt|6|52.0030|-0.8334|5
THX|Thornbridge Road|8|52.0690|1.2373|8
TIT|Thornfield|3|51.5186|-0.9902|8
TJZ|Thornborough Junction|6|51.3393|1.1745|3
TLW|Thornstead Halt|7|52.0246|1.5334|4
TMH|Thornham Road|1|51.5066|-1.6049|2
TNC|Thornwood|5|52.2349|-0.5540|6
TNN|Thornham Central|6|51.3419|-0.3042|3
TNP|Thornden Central|1|52.1828|1.5882|3
TNS|Thornford Bridge|9|51.4841|-0.8005|5
TNT|Thornton Town|4|51.1020|-1.4263|3
TNZ|Thornwick Junction|9|51.2075|-0.3777|6
TOA|Thornborough Halt|6|50.8967|-1.7713|8
TOC|Thornstead Junction|8|50.8672|0.2273|5
TOU|Thornford Junction|3|51.7079|1.4825|6
TOW|Thornworth South|3|51.2660|-0.4820|3
TPW|Thornthorpe Bridge|7|50.9355|-0.5309|5
TRA|Thornborough|1|51.2908|0.5174|2
TRB|Thornmoor|4|51.1989|-1.7461|5
TRC|Thornmoor Halt|8|50.9368|1.0014|3
TRE|Thorngate Parkway|3|51.4135|0.5782|3
TRJ|Thornstead Central|1|52.0793|-1.2583|2
TRY|Thornhurst Halt|4|50.8491|-1.8273|6
TRZ|Thornwell Road|9|51.3776|-1.3802|3
TTN|Thornwood Town|9|50.8897|-0.2017|4
TTW|Thornstead South|1|50.8465|-0.6394|5
TUY|Thornbridge Junction|6|51.3862|-1.4892|6
TVB|Thornley Village|7|51.7995|0.0323|3
TWM|Thornwell Halt|9|51.5974|0.3619|3
TYJ|Thornley Central|1|51.2490|-1.7193|6
UBX|Uppercombe Bridge|6|51.5150|-0.5615|2
UCE|Upperwick Town|5|50.9152|-1.7065|6
UCR|Uppercombe|6|51.8257|0.3628|8
UDW|Upperborough Bridge|9|51.9736|-1.0303|2
UEC|Upperden Bridge|9|52.0609|1.0358|3
UEF|Upperwell Junction|7|51.8569|-0.8842|8
UEH|Upperstead Bridge|8|51.4672|0.4285|5
UEJ|Upperton Parkway|8|51.1173|1.2373|4
UEK|Upperstead|2|51.3957|0.4735|8
UEL|Upperbury|2|51.2711|0.8748|5
UES|Upperborough Road|4|51.1243|1.1065|6
UEX|Uppercombe North|8|51.4151|-0.7050|3
UEZ|Uppermouth|4|51.0618|-0.3488|4
UFL|Upperford North|9|51.5974|-1.5899|6
UGX|Upperbridge Junction|4|50.9184|0.9310|5
UHS|Upperworth Town|5|51.5756|-0.4908|3
UKH|Upperden Parkway|2|51.0218|-1.8032|8
UKL|Upperwick|8|51.9066|-0.6660|3
UMN|Uppermoor North|3|51.4646|0.3922|2
UNC|Upperhurst North|5|51.5916|0.7745|3
UNK|Uppergate Junction|4|51.4634|-1.6873|2
UNW|Upperwick Central|2|51.2411|-1.1427|6
UOC|Upperworth North|3|51.6331|-0.4043|5
UOL|Upperstead Road|6|51.7906|-0.9176|5
UON|Upperford Junction|2|50.8674|-1.3877|4
UOR|Upperby South|1|52.2047|-1.8240|4
UPB|Upperborough|1|51.7074|-0.8369|5
UPC|Upperbury Bridge|4|51.0075|-1.5907|5
UPL|Upperton|9|51.3578|-1.0733|3
UPM|Upperham|1|51.1714|1.4064|6
UPT|Upperley Parkway|1|51.4939|1.4280|3
UPV|Upperford|6|51.9504|-1.8823|3
UPX|Upperworth Village|3|51.4483|-1.2353|8
UPY|Upperham Halt|3|52.1852|-0.4716|6
URA|Upperwood|8|51.7521|0.6686|2
URC|Upperley Bridge|8|51.3169|1.4885|3
URE|Upperwell|8|51.2606|0.9385|8
URJ|Uppermouth North|8|52.3128|1.1288|8
URM|Upperley Road|2|51.5547|0.8776|3
URT|Upperborough Halt|6|52.2329|-1.4379|3
URX|Upperwell Bridge|7|51.1219|0.5863|4
USH|Upperford South|4|51.1169|1.2960|4
USU|Upperstead Central|9|51.0096|-1.8501|6
UTA|Upperton Town|4|50.9019|-0.6242|8
UTB|Uppergate|2|50.8185|1.3882|5
UTH|Uppermouth Central|7|51.5462|1.5643|5
UTL|Upperstead Town|9|51.7239|0.0279|3
UTN|Upperthorpe Halt|1|51.6306|0.6844|3
UTU|Upperden Junction|2|52.0476|-0.8713|3
UTX|Upperstead South|8|50.8033|-1.1689|5
UTY|Upperbury Central|1|52.1040|0.5815|3
UUV|Upperborough Junction|3|51.6529|-0.5364|4
WAD|Wickwick Parkway|9|52.3716|-0.9858|3
WAF|Wickcombe Halt|9|51.2950|-0.8491|2
WAH|Wickhurst Parkway|7|51.4227|-0.6139|5
WAM|Weswick Road|4|52.3775|0.9974|8
WAW|Weswood Road|1|51.4873|-0.1691|3
WAY|Wickstead Halt|6|51.0792|1.1216|8
WBA|Wesborough Parkway|1|51.3553|1.2212|5
WBE|Wesbridge|2|52.2246|0.7219|2
WBT|Wesby|5|51.1137|1.5431|2
WCD|Wickley|8|51.9449|-0.2699|8
WCJ|Wickwick|9|51.3867|-1.3154|8
WCT|Wickwick Central|6|52.1527|-1.1337|3
WCU|Wickmouth Halt|5|52.3956|0.4350|2
WCV|Wickmoor Halt|6|51.9796|-1.2991|3
WCX|Wesden Junction|3|51.2020|0.7007|2
WDB|Wesham Bridge|8|50.9658|0.7229|6
WDL|Wickwick Bridge|1|51.9954|-1.1243|3
WDN|Wickwood|8|51.4422|1.4138|6
WDZ|Wesford|9|51.1232|0.3134|3
WED|Weswell Central|7|52.2787|-0.2099|3
WEF|Wesgate South|4|51.2358|-0.6899|6
WES|Wesham|1|51.4775|0.4785|4
WEV|Wesden|4|51.8334|-0.6207|4
WEZ|Weswell Road|7|51.7697|-1.3495|3
WFH|Wesfield Town|9|51.7357|0.9881|3
WGC|Wesgate Village|2|52.0658|-0.9218|2
WGN|Wesborough Village|4|52.3250|0.4775|3
WGV|Wesborough|5|51.7749|1.5545|3
WHB|Wickham Central|8|50.8911|-1.2833|6
WHG|Wickworth|3|51.4530|-0.8772|4
WHJ|Wesden North|7|52.1397|-0.1119|4
WHU|Wickham|1|51.5130|-1.4699|2
WID|Wickmoor Road|3|51.3083|-1.8798|3
WIG|Wickden Halt|8|51.4768|0.6577|3
WIH|Wickfield Town|1|51.0689|-0.6847|2
WIW|Wickbridge Bridge|8|52.0899|-0.1370|6
WIY|Wickley North|4|51.2026|1.4309|4
WKC|Wickwood Town|2|52.1085|1.1997|3
WKE|Wickthorpe South|1|51.6413|0.0691|2
WKF|Wickden|1|51.3865|0.8979|6
WKP|Wickley Town|4|52.1218|-1.1614|3
WKT|Wickhurst Town|9|51.7096|0.9452|2
WKU|Wickby Town|8|51.1519|-1.3853|3
WKY|Wickton|9|51.9392|0.5605|4
WLE|Wickley Junction|4|52.2120|0.6426|6
WLG|Wickwood Central|3|51.7079|-0.4279|6
WLP|Wesby Village|3|51.9775|1.2405|4
WLT|Wickfield|8|50.9478|-1.3922|2
WLZ|Wickwell|5|51.7731|1.0074|3
WNS|Wickden Junction|5|50.9907|0.7420|3
WNV|Wickthorpe Central|5|51.9356|1.2333|8
WOB|Wickden Town|5|51.8631|-0.5748|3
WOC|Wesmoor|7|51.9687|0.2667|3
WOL|Wickford Road|9|51.0242|-1.8933|8
WOP|Weston|8|51.8970|0.7685|5
WOY|Westhorpe|2|52.2705|-1.1433|6
WPC|Wickthorpe Parkway|8|51.8332|-0.2446|8
WRG|Wesbury Junction|6|51.1861|-0.7537|2
WRM|Wickthorpe Bridge|3|52.0358|1.1203|4
WRP|Weshurst Village|5|51.2888|-0.2212|3
WRU|Wesbury Parkway|1|51.7462|-0.5378|8
WRX|Wickbridge Parkway|5|51.6255|-1.7147|5
WSF|Wesden South|7|51.6031|1.4337|5
WSH|Wesbridge Central|5|51.8374|0.6200|8
WSW|Weswell Town|8|51.2803|0.9446|5
WTD|Wickstead Central|8|52.3477|-0.9879|3
WTN|Wickfield Halt|4|52.3072|-0.3804|3
WTP|Wickhurst Central|4|51.2461|0.5975|8
WTT|Wesmoor South|8|51.2828|-0.9481|4
WTX|Wickthorpe|1|50.8511|1.1949|3
WUY|Wickborough|9|51.4278|-0.5036|2
WWD|Westhorpe Town|7|51.5500|-1.8058|8
WWG|Wickworth Parkway|3|52.0734|0.3742|6
WYD|Wickcombe Parkway|6|51.1702|1.2420|4
WYR|Wesby Town|3|52.2312|-0.4913|8
YBR|Yewcombe Town|4|51.6581|1.1294|3
YBT|Yewbridge Road|9|52.1440|0.5128|4
YCR|Yewcombe Central|8|51.9025|-0.9998|3
YCU|Yewcombe Village|4|51.0705|-1.8902|8
YDB|Yewgate Bridge|5|52.3211|1.5313|6
YDW|Yewford|6|51.1482|-0.6095|3
YER|Yewwood Road|5|51.4545|0.7572|8
YES|Yewden North|8|51.4848|-0.0586|2
YEX|Yewwell|7|51.8787|-0.6726|3
YEZ|Yewden Parkway|1|50.8182|-1.8484|6
YHL|Yewwood North|3|51.9002|1.5564|3
YHN|Yewstead Halt|5|52.2872|0.1538|3
YHX|Yewley South|1|51.4766|0.1056|4
YIJ|Yewfield Bridge|9|50.9521|1.0969|8
YIU|Yewwick|7|50.9489|1.1939|2
YKV|Yewwell Parkway|8|52.0126|-1.5310|3
YLV|Yewden Village|2|51.4913|1.0099|5
YMZ|Yewham Town|9|51.3725|-0.4716|3
YNM|Yewmoor Central|8|51.9484|-1.1741|6
YNV|Yewton|4|51.3958|0.0171|2
YNW|Yewbury Junction|5|50.9298|0.9649|3
YOF|Yewborough Road|2|51.8618|1.1422|4
YOK|Yewwood|2|51.1255|0.8835|5
YOL|Yewmouth|8|51.2732|-1.5382|5
YOW|Yewstead Town|1|52.1133|-1.2108|3
YPA|Yewthorpe South|7|51.3512|-0.4068|2
YPC|Yewthorpe Road|5|51.7961|-1.8735|8
YPJ|Yewmoor Parkway|1|50.8898|0.9731|3
YPL|Yewfield Parkway|4|52.0009|-1.5648|3
YRM|Yewcombe Bridge|8|51.2012|0.7000|3
YTH|Yewmouth Bridge|5|52.1015|-0.2285|2
YTZ|Yewton Halt|1|52.1676|0.9571|5
YUG|Yewhurst Road|1|52.3777|-1.6733|3
YUH|Yewmouth Road|3|52.2808|-1.1933|8
YVG|Yewgate Village|5|50.9983|-0.9557|6
YWA|Yewmouth Junction|1|51.0129|-0.6375|2
YWC|Yewworth|8|51.8965|-1.4099|8
YWF|Yewden Halt|4|52.1785|-1.4777|6
YWH|Yewbury Halt|1|51.9020|0.1511|8
YWN|Yewwick Bridge|5|51.3000|0.2004|8
YWX|Yewford Junction|5|51.2000|-1.5447|3
YYP|Yewbridge Parkway|4|52.0687|0.1355|8
YYR|Yewbury North|4|52.2896|-0.4503|3
YYT|Yewley Central|9|51.4630|-0.4763|3
"""
