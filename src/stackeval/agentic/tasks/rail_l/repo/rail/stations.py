"""The station register: code, name, fare zone, position and the minimum interchange time in minutes.

The register is the network operator's published list (one station a line, ``CODE|Name|zone|lat|lon|min``),
kept verbatim so that a diff against the operator's next edition stays readable.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Station:
    code: str
    name: str
    zone: int
    lat: float
    lon: float
    interchange_min: int


_REGISTER = """\
AAJ|Ashford Parkway|4|51.9080|1.4478|4
ACX|Ashcombe Road|6|51.9169|-1.4331|6
ADM|Ashstead Bridge|4|51.5501|-0.0005|5
AGL|Ashborough|6|52.1169|-0.2286|6
AHE|Ashmoor|8|51.7906|-1.4788|2
AHH|Ashwick Parkway|6|51.6211|-0.0635|3
AIH|Ashwick|5|52.0627|-0.5295|5
AIN|Ashfield|8|51.8131|0.9324|2
ALP|Ashborough Halt|9|50.8579|1.4967|2
AMB|Ashcombe Junction|1|51.3565|-1.5651|6
AOF|Ashwood|2|51.3190|-1.1973|6
ARR|Ashford Town|5|52.3343|0.3560|3
ARX|Ashden Central|6|50.8896|0.2489|6
ASF|Ashford|3|51.1436|0.8752|4
ASJ|Ashford Junction|3|51.1410|0.8690|6
ASP|Ashmoor Halt|9|52.0368|-0.6863|6
ATJ|Ashwood Town|3|50.8691|0.5834|2
ATL|Ashmouth|2|51.6170|-0.2036|3
ATN|Ashley Junction|3|51.8151|1.4441|5
BAG|Bramden Town|7|51.8130|0.3212|3
BBF|Brambridge Town|4|51.6308|-1.5462|5
BBN|Bramborough Central|8|51.6801|0.2946|3
BCU|Bramcombe Town|3|51.2146|0.2213|6
BCZ|Bramcombe Bridge|2|51.7193|-0.8951|4
BEF|Bexfield Central|1|51.2266|-1.5519|5
BEK|Brambridge Central|1|51.9545|0.1845|8
BEM|Bramden Junction|4|51.9103|-1.8255|5
BEY|Bramden Central|9|51.4730|1.3120|5
BIY|Bramwick Bridge|5|51.8052|0.9222|2
BJB|Bramfield Junction|2|51.6123|0.0661|8
BJY|Bramford Junction|7|50.9297|-1.1026|4
BKT|Bexwick|2|51.5360|0.5009|5
BKX|Bramwick|5|51.5634|-1.4357|8
BLE|Bramfield Halt|6|50.9511|0.4066|3
BMW|Brammouth Junction|3|51.3308|0.3804|6
BMY|Bramwood Town|6|51.1989|-0.4225|6
BND|Bramden Road|6|51.8124|0.8557|3
BOB|Bexcombe Road|4|51.4854|-0.1084|8
BOP|Bramcombe|3|51.6651|0.0982|5
BOR|Bexford|6|51.9724|1.5914|3
BOX|Bramborough Parkway|5|51.6452|-0.3690|8
BRM|Bramley|1|51.5010|-0.1240|5
BRN|Bramford Town|3|51.1803|-1.6957|8
BRT|Bramford|9|52.3649|-0.1002|3
BRW|Bramfield Parkway|4|52.1036|0.9659|4
BTS|Bexhurst|6|52.2386|-0.9344|3
BTX|Bexwood Town|3|51.6385|0.9566|3
BXB|Bexborough|2|52.1704|0.7662|3
BYS|Bramley Bridge|7|51.2112|-0.2782|2
CAH|Coldley Central|6|52.0466|1.1383|5
CBE|Coldborough Road|1|51.4832|-1.8674|6
CBL|Cranbridge|6|51.5372|0.8434|5
CCC|Coldborough Junction|4|51.8712|0.8438|8
CCE|Coldwick Bridge|9|52.1301|0.3161|2
CDF|Coldfield Bridge|2|51.2991|0.0438|2
CDH|Coldwell Road|2|51.2183|0.3541|2
CDT|Coldmouth|5|52.3244|-1.4359|8
CDY|Coldmouth Town|7|52.0229|0.6224|4
CED|Cranstead|6|51.6781|0.9106|2
CEM|Cranden|6|51.2508|0.3371|4
CET|Coldstead Central|9|51.1190|-0.9299|5
CEW|Coldstead Junction|1|51.2742|-0.0936|3
CGY|Coldton Bridge|7|52.1487|1.4864|6
CHN|Cranhurst Town|8|51.1392|-1.4475|8
CIA|Cranwick|6|52.0450|-1.0510|8
CIP|Coldbridge|2|51.6978|0.7558|4
CJW|Coldwood Junction|7|50.8313|-1.1298|4
CJX|Coldmoor Junction|9|51.9531|0.9512|3
CLC|Coldley Junction|5|51.2351|1.2706|3
CLD|Coldharbour|2|51.4620|-0.0530|3
CLV|Coldford Halt|3|51.5607|-0.4565|2
CLZ|Coldhurst Halt|6|51.7283|-1.5176|3
COA|Cranmoor Road|7|52.1511|0.7082|4
CPE|Coldfield Parkway|9|51.5093|1.0271|8
CRA|Cranstead Road|9|52.0872|-1.4297|3
CRG|Coldford Road|4|51.9567|-1.8902|8
CRM|Cranley Halt|4|51.2850|-0.4018|5
CRT|Coldcombe Central|5|51.1085|0.6155|2
CTB|Coldton Halt|7|50.8360|-0.8351|3
CTC|Coldwick Halt|8|51.0149|-0.1390|5
CTF|Coldcombe Junction|4|51.4524|0.3734|4
CTV|Cranfield Halt|7|52.1536|0.4376|6
CUN|Cranborough Road|2|51.5664|0.4929|8
CWC|Cranstead Parkway|5|51.1757|0.7475|3
CWZ|Coldwick|4|51.5649|-1.2752|8
DAJ|Dunwell Central|8|52.1262|-1.3350|2
DDH|Draywood Central|6|51.9448|1.0506|5
DDP|Dunwood|8|51.4172|0.8518|3
DHL|Drayborough Junction|6|51.4780|-1.8268|3
DIY|Dunford Bridge|4|51.0276|-1.2017|5
DLC|Draywell|5|51.8058|0.5823|4
DLM|Dunley Bridge|3|51.9212|-1.7920|3
DLT|Dunley|4|51.4209|-1.1175|5
DNF|Dunbridge Central|2|50.8965|1.4568|5
DNK|Dunstead|3|51.9814|-0.5074|8
DNU|Dunwick Road|1|50.8022|-1.4602|5
DNW|Drayden|6|51.8201|-1.0164|4
DOA|Dunden Junction|5|51.2051|-1.6726|4
DOC|Drayford|6|51.5040|-1.6829|4
DOG|Dunton Junction|1|52.2142|1.0487|6
DTH|Draystead|3|51.7010|1.5500|2
DTS|Dunwell Junction|5|51.9342|-0.9006|4
DUD|Dunborough Road|1|51.5596|0.9669|8
DUM|Dunwell Parkway|8|51.1303|-1.6888|3
DUN|Dunwick|4|51.2790|0.5210|4
DUV|Draymouth|6|51.6348|1.1380|4
DUY|Drayborough Bridge|3|51.8265|-0.3113|3
DWR|Draywick Junction|4|51.2240|1.2127|2
DWU|Drayborough Parkway|5|51.3782|-0.0463|3
DYE|Drayley|5|51.6994|-0.9970|3
DYS|Draywick Road|7|50.9713|-1.4504|4
EDJ|Elmford|7|51.0612|-1.6043|8
EED|Elmbridge|6|51.0409|0.3012|4
EEZ|Elmden|4|52.0782|-1.3507|8
EIE|Elmbridge Bridge|1|52.1198|0.6025|5
ELG|Elmden Halt|1|52.3586|-1.4033|2
ELJ|Elmcombe Central|4|50.8924|-1.5247|8
ELM|Elmstead|5|51.1060|1.0810|3
ELS|Elmfield Junction|3|51.2204|-1.8857|4
ELZ|Elmstead Junction|9|51.2179|0.0124|8
EMT|Elmcombe|1|52.1965|0.8178|5
EOB|Elmstead Road|8|51.5474|-1.3945|4
EOL|Elmton Road|5|51.2764|0.6866|6
EOT|Elmwood Road|4|51.2280|0.7416|8
EUS|Elmden Junction|7|51.5043|0.2861|5
EWJ|Elmwell Central|3|52.3481|-1.1314|2
FAE|Fairton|8|52.0904|-1.3884|8
FAJ|Fairbridge Road|6|52.3389|1.5042|5
FAN|Fernford Halt|9|51.7185|-0.5053|2
FAW|Fairley Parkway|6|51.4070|0.3656|3
FCF|Fairton Central|1|52.3545|-0.8825|5
FCW|Fernwick Bridge|1|52.1301|0.2040|3
FDC|Fairfield Bridge|3|51.3974|0.2657|4
FDR|Fairwood|5|51.4694|-1.0181|4
FEK|Fernden Town|4|50.9367|-0.1240|3
FGS|Fairbridge Junction|3|50.9759|0.3279|2
FLA|Fairden Central|7|52.1310|1.2787|2
FLL|Fernley Central|5|51.0041|1.5046|2
FNB|Fernfield Parkway|8|51.3032|0.2268|6
FNC|Fernden Central|4|50.9635|-0.2547|3
FNS|Fairley Junction|9|51.1520|1.2719|8
FNW|Fairwell Central|1|51.3699|1.3624|5
FNY|Fernford Central|5|51.7040|-0.4260|3
FOK|Fernmoor Bridge|5|50.8970|1.5088|6
FRA|Fairhurst|7|51.7061|0.1240|2
FRC|Fernhurst Road|9|52.0905|0.8026|3
FRF|Fairfield Parkway|6|51.0790|1.1790|8
FRG|Fairbridge|5|51.8059|-0.0412|3
FRM|Fairborough Junction|5|51.0540|1.2379|3
FRY|Fernbridge Junction|2|51.2864|0.7717|6
FSK|Fairhurst Parkway|5|51.4686|-1.7202|6
FSU|Fernhurst|9|51.1255|-1.6180|6
FTM|Fairstead|4|51.8470|-0.7789|4
FWJ|Fernbridge Parkway|4|50.9748|1.2899|3
FWV|Fernwick|6|52.3315|-0.0970|5
GAB|Glenden Halt|1|51.4384|0.8685|6
GAE|Glenfield Road|5|51.7535|-0.3588|3
GAZ|Glenley Halt|8|51.0771|-1.4347|4
GBV|Glenbridge Town|6|51.2150|-0.4335|3
GCJ|Glencombe|2|51.1001|0.4458|6
GES|Glenwick|1|51.2407|0.0915|4
GFP|Glenford|2|51.1851|0.0287|2
GLN|Glenmoor|2|51.4300|-0.0100|4
GMA|Glenmouth Parkway|2|51.9076|-0.0815|8
GNK|Glenmouth|6|52.3799|-0.6506|8
GNN|Glenmoor Parkway|1|51.6838|0.3031|3
GNZ|Glencombe Central|9|52.2626|0.7535|3
GOE|Glenborough Parkway|8|51.8725|-1.0674|3
GON|Glenmoor Junction|4|51.1199|-0.1753|6
GRA|Glenstead Bridge|8|52.2547|-0.6960|6
GWJ|Glenwood|4|51.6117|-1.0902|8
GWT|Glenford Parkway|2|51.1283|1.4945|3
HAA|Hartford Central|4|51.5355|-1.4781|3
HAF|Hartstead|6|51.5487|0.0690|6
HAL|Hartborough|4|52.0434|-0.6902|2
HAX|Hartstead Bridge|3|51.9631|-1.3972|4
HDK|Hartbridge|6|51.4454|1.2812|8
HEA|Hartcombe Parkway|3|51.2115|0.6838|2
HNE|Hartton Road|4|52.2465|0.8709|3
HNG|Hartton Central|7|51.4030|1.4544|3
HOC|Hartborough Road|3|51.8568|-0.5980|5
HOZ|Hartwood Junction|3|51.4475|-0.6836|2
HTL|Hartcombe Town|4|51.7812|0.8594|8
HTY|Hartwick Junction|8|51.9945|-1.3249|8
HYE|Hartley Bridge|8|52.3327|1.3408|4
IDE|Ivyley Road|8|50.9983|-1.4402|3
IEL|Ivyfield|6|51.2357|1.4519|5
IFC|Ivyford|4|50.9066|1.1197|4
IGV|Ivyford Bridge|8|51.6367|0.5593|2
IOA|Ivywood|1|51.2126|-0.1033|6
IOG|Ivyden Junction|3|51.9938|-0.7560|4
IOY|Ivymoor|5|51.4495|-0.0219|5
IRS|Ivyhurst Junction|9|51.8702|-1.4809|6
IUH|Ivyborough|7|51.9410|0.3037|3
IVL|Ivystead|3|51.5795|-0.2061|2
IYM|Ivyley Town|9|51.7351|-1.4132|6
IYT|Ivyford Road|9|50.9471|-0.0590|6
IYY|Ivywell|2|51.1127|-1.3716|3
KAN|Kingsbridge Central|6|51.6060|-0.9491|5
KDR|Kingsstead|5|51.4190|1.3079|3
KDW|Kingsden|1|51.1382|0.9671|6
KFR|Kingsfield|2|51.0581|-0.3422|5
KGA|Kingsmouth Bridge|8|50.8971|-0.9593|6
KGC|Kingston Town|2|51.4140|0.7374|8
KGJ|Kingswick|9|51.8954|1.2981|3
KGV|Kingswick Halt|5|51.6615|0.5133|8
KHU|Kingswood Halt|7|51.8371|-1.8763|6
KIP|Kingswick Road|7|52.3999|0.4658|3
KIS|Kingsley Central|4|51.0586|0.4897|5
KIY|Kingshurst|1|51.1146|-0.1575|5
KLL|Kingsford Central|9|51.5617|-0.8932|6
KOF|Kingsstead Town|5|51.3552|-1.8364|3
KRH|Kingsley Parkway|1|51.4475|0.2299|4
KRM|Kingswood Bridge|7|52.0474|1.0993|3
KSJ|Kingsborough|7|51.6175|-1.2355|3
KUR|Kingsmouth|4|52.2816|0.1524|2
KWS|Kingswood|2|51.3089|1.2611|2
KWV|Kingswell Parkway|9|51.8542|1.4804|2
LAA|Langfield Halt|1|51.2105|1.2356|3
LAB|Langden Parkway|5|51.8174|0.4773|6
LAC|Langton Halt|9|50.9506|0.1398|5
LAE|Langton|4|51.0283|0.7852|2
LEJ|Langcombe Central|5|52.2054|-1.1435|2
LEW|Langwell Road|2|50.9889|-0.4366|8
LGJ|Langden Halt|2|52.0292|-1.7300|8
LGR|Langwood Bridge|8|51.8830|-1.3928|8
LGU|Langborough Town|8|52.0548|-1.5286|5
LIG|Langfield|6|51.0927|-0.7263|2
LIV|Langfield Central|4|52.2196|0.7238|4
LNA|Langmouth|3|51.6586|1.4213|5
LNB|Langmoor Town|9|52.2318|0.3846|8
LNF|Langwood|7|51.0580|1.3774|6
LNS|Langwood Central|8|50.9100|-1.5724|3
LRB|Langton Road|2|52.0233|0.1056|8
LTX|Langmouth Junction|9|51.5512|1.0390|6
MAT|Marlley Road|1|50.8650|-1.4441|6
MAY|Marlden Halt|8|51.1975|1.0635|3
MAZ|Marlfield Road|6|51.9493|-0.6319|4
MCF|Marlwick|1|51.2368|-0.2730|5
MEC|Marlbridge|1|50.8173|1.5724|8
MIV|Marlcombe Junction|5|51.7425|-1.1854|5
MKL|Marlwick Town|1|51.9268|0.4511|8
MKM|Marlwick Central|9|51.8882|1.1306|3
MNN|Marlley Central|6|51.4451|-1.6709|2
MOT|Marlwick Road|2|51.2033|-0.0250|8
MOZ|Marlmoor Junction|7|51.8999|1.5401|6
MRK|Marlwood Central|9|51.0809|0.3957|3
MRL|Marlhurst Central|1|51.3193|-0.7160|4
MRM|Marlbridge Halt|8|51.4074|-0.3552|8
MRS|Marlstead|8|51.5686|-0.8085|3
MTA|Marlbridge Town|2|50.8537|1.5664|8
MTB|Marlton Central|3|51.9420|0.0368|3
MUK|Marlborough Halt|9|51.8394|0.8295|4
MYP|Marlmoor Parkway|2|50.8788|-0.2429|3
NAB|Norwick Road|1|51.8020|0.4823|4
NCW|Norwick Town|4|51.9083|-1.7417|3
NDY|Norden Road|4|51.0583|-0.3897|5
NLN|Norwell Central|6|51.7238|-0.6391|8
NLX|Norley Bridge|4|51.7937|0.2516|3
NOB|Norley|9|51.3914|0.5695|4
NOM|Norwood Halt|6|50.9475|-0.6192|3
NOS|Norford|8|51.4487|0.6451|4
NPS|Normoor Parkway|3|52.2850|-1.2597|8
NRL|Normouth Junction|6|52.3503|0.2283|3
NTM|Norton Road|4|52.3867|-1.1240|2
NUN|Norhurst Town|5|51.3411|-1.6828|3
NUT|Normouth Town|6|51.5625|0.1627|3
NWM|Norwick|3|52.3392|-0.0610|6
OAN|Oakfield Halt|1|51.5425|0.9117|2
OAW|Oakstead Road|7|51.6292|0.4139|8
OED|Oakbridge Junction|7|51.2631|1.2367|2
OEE|Oakstead Bridge|5|51.5769|1.2917|5
OEV|Oakley|6|51.5374|-1.3311|2
OKR|Oakden Central|1|51.8658|0.9913|6
OLG|Oakfield Junction|6|52.0147|0.3495|3
ONG|Oakden|2|52.2680|1.1477|3
ONH|Oakwick Central|7|51.1059|-0.9074|3
OOV|Oakwood Town|8|51.4341|-1.5001|3
OSB|Oakhurst Road|6|51.5249|-1.8637|2
OTH|Oakwell Halt|5|51.6437|-0.6784|4
OTM|Oakmouth|3|52.2860|1.0906|2
OUH|Oakmouth Parkway|2|51.9846|-0.8949|4
OWA|Oakford Parkway|6|52.0878|-1.0537|3
PDE|Penmoor Bridge|5|52.1500|-0.7140|3
PDJ|Penbridge|5|51.4760|0.1533|8
PED|Penley|2|52.0811|-1.2516|5
PEK|Penden Central|4|50.9907|-1.2365|8
PET|Penfield Bridge|2|51.1147|0.6686|3
PEW|Penton|8|51.5444|-0.3361|5
PEX|Penmouth Halt|1|51.8953|0.1260|3
PID|Penstead Junction|4|51.0470|-0.0717|6
PKS|Penton Parkway|4|51.7470|0.2555|3
PLM|Penbridge Halt|1|52.3050|-0.6559|5
PLU|Penley Halt|7|52.3525|-0.8228|3
PNE|Penhurst Town|7|52.3389|0.2695|8
POF|Penwood Parkway|4|50.9310|-0.8491|4
POG|Penmoor|5|52.3650|1.3769|2
POH|Penwood|3|51.4668|0.4388|3
POW|Penhurst Junction|9|50.9214|-0.7475|3
PRG|Penhurst|4|50.9451|-0.7032|2
PRN|Penwood Bridge|6|51.3030|-0.7257|4
PTS|Pencombe Junction|9|50.8258|0.8740|3
PWP|Penwick|7|51.1948|-1.8110|5
PWZ|Penfield Town|2|51.9769|1.2824|5
PYA|Penhurst Parkway|3|50.8516|0.5833|8
QAG|Quarryborough Halt|2|52.3755|-0.3578|2
QAN|Quarryley Halt|9|51.0473|-0.0310|6
QEG|Quarrybridge Town|4|51.6076|-1.8827|3
QFA|Quarryfield Town|6|52.2713|0.3558|6
QFS|Quarryfield Bridge|5|52.3268|-1.4222|3
QMG|Quarrymoor Parkway|3|51.7799|0.5772|8
QMH|Quarrycombe Central|6|51.0413|-1.1812|8
QNC|Quarrywell Junction|8|51.8740|-1.4906|2
QND|Quarrymoor Town|6|51.3690|-0.4956|4
QNH|Quarrycombe Junction|1|52.3370|0.5663|3
QNR|Quarryfield Central|4|51.3181|1.2623|2
QRB|Quarryton Bridge|7|52.3017|-1.3523|3
QRD|Quarrybridge|1|51.4567|0.0248|2
QTU|Quarrymouth|7|51.7867|0.2938|6
QTV|Quarryley Central|5|50.9741|-0.1889|4
QUC|Quarrymouth Road|7|52.2884|1.3486|5
QUD|Quarrymouth Town|7|51.7205|1.3152|4
QUH|Quarryton|3|51.5214|-1.6772|3
QUZ|Quarrywell|5|51.8354|1.5758|8
QYF|Quarryhurst Road|9|51.2865|-1.3925|5
QYL|Quarryborough|9|52.2162|-1.8026|3
QYN|Quarryley|9|51.2445|-1.4208|4
QYP|Quarryhurst Bridge|5|52.1964|0.2257|4
RBP|Rotherbridge|1|52.2592|-1.1361|5
RED|Rothermoor Parkway|2|51.4490|-1.4207|5
REN|Rothercombe Halt|1|52.2787|-1.3320|3
RIF|Rotherden Junction|1|51.8082|0.2109|3
RIM|Rotherfield|9|51.4414|0.0647|5
RLH|Rotherton Halt|8|51.0030|0.1793|6
RLR|Rotherwood Halt|4|52.3844|-1.2567|5
RMG|Rothermoor Junction|2|52.1264|1.2126|6
RRN|Rotherley Town|1|51.8520|0.0869|3
RTA|Rothermoor Town|2|50.9218|1.4174|4
SAT|Stanfield Halt|4|51.0008|0.7274|6
SAW|Stanmoor Parkway|7|51.6279|-0.0896|6
SDA|Stanstead Road|7|51.3304|0.2837|5
SDL|Standen Road|6|51.9797|-0.2391|6
SGS|Stanbridge Bridge|5|50.8495|-0.7322|3
SIL|Stanwood Bridge|3|51.9048|-0.0958|5
SIY|Stanbridge Halt|7|52.3324|-1.3718|3
SNN|Standen|2|51.1945|-1.1889|2
SNP|Stancombe Central|2|52.3805|-0.9729|2
SNR|Standen Junction|3|51.4666|-0.5267|3
SNW|Stanhurst|8|52.1432|-0.4787|3
SOH|Stanmoor Road|9|52.2025|1.3976|3
SOP|Stanmoor Junction|6|51.4758|0.0391|8
SRA|Stanborough|4|51.3145|1.1371|2
SRJ|Stanford|4|51.9270|-1.1359|4
SWS|Stanley Town|7|51.1207|0.7256|3
TBG|Thornstead Bridge|5|52.2808|-0.9206|2
TCN|Thornhurst Junction|7|51.7629|1.2364|8
TCX|Thornley Junction|1|51.7234|-0.5116|3
TFN|Thornfield Halt|8|50.8359|1.1387|2
TGE|Thornbridge Town|4|51.4578|-1.4747|3
TGJ|Thornbridge Central|4|51.5030|-1.2499|3
TIT|Thornfield|3|51.5186|-0.9902|8
TNC|Thornwood|5|52.2349|-0.5540|6
TNP|Thornden Central|1|52.1828|1.5882|3
TNS|Thornford Bridge|9|51.4841|-0.8005|5
TNZ|Thornwick Junction|9|51.2075|-0.3777|6
TRA|Thornborough|1|51.2908|0.5174|2
TRB|Thornmoor|4|51.1989|-1.7461|5
TRJ|Thornstead Central|1|52.0793|-1.2583|2
TRY|Thornhurst Halt|4|50.8491|-1.8273|6
TYJ|Thornley Central|1|51.2490|-1.7193|6
UCE|Upperwick Town|5|50.9152|-1.7065|6
UDW|Upperborough Bridge|9|51.9736|-1.0303|2
UEC|Upperden Bridge|9|52.0609|1.0358|3
UEH|Upperstead Bridge|8|51.4672|0.4285|5
UEZ|Uppermouth|4|51.0618|-0.3488|4
UKH|Upperden Parkway|2|51.0218|-1.8032|8
UPB|Upperborough|1|51.7074|-0.8369|5
UPL|Upperton|9|51.3578|-1.0733|3
UPT|Upperley Parkway|1|51.4939|1.4280|3
UPV|Upperford|6|51.9504|-1.8823|3
URE|Upperwell|8|51.2606|0.9385|8
URT|Upperborough Halt|6|52.2329|-1.4379|3
URX|Upperwell Bridge|7|51.1219|0.5863|4
USU|Upperstead Central|9|51.0096|-1.8501|6
UTU|Upperden Junction|2|52.0476|-0.8713|3
WAF|Wickcombe Halt|9|51.2950|-0.8491|2
WAH|Wickhurst Parkway|7|51.4227|-0.6139|5
WAY|Wickstead Halt|6|51.0792|1.1216|8
WCD|Wickley|8|51.9449|-0.2699|8
WCJ|Wickwick|9|51.3867|-1.3154|8
WCV|Wickmoor Halt|6|51.9796|-1.2991|3
WDL|Wickwick Bridge|1|51.9954|-1.1243|3
WDN|Wickwood|8|51.4422|1.4138|6
WID|Wickmoor Road|3|51.3083|-1.8798|3
WIG|Wickden Halt|8|51.4768|0.6577|3
WIH|Wickfield Town|1|51.0689|-0.6847|2
WKF|Wickden|1|51.3865|0.8979|6
WKP|Wickley Town|4|52.1218|-1.1614|3
WKT|Wickhurst Town|9|51.7096|0.9452|2
WNS|Wickden Junction|5|50.9907|0.7420|3
WOB|Wickden Town|5|51.8631|-0.5748|3
WOL|Wickford Road|9|51.0242|-1.8933|8
WTN|Wickfield Halt|4|52.3072|-0.3804|3
WUY|Wickborough|9|51.4278|-0.5036|2
WYD|Wickcombe Parkway|6|51.1702|1.2420|4
YCR|Yewcombe Central|8|51.9025|-0.9998|3
YDW|Yewford|6|51.1482|-0.6095|3
YEX|Yewwell|7|51.8787|-0.6726|3
YEZ|Yewden Parkway|1|50.8182|-1.8484|6
YHN|Yewstead Halt|5|52.2872|0.1538|3
YIJ|Yewfield Bridge|9|50.9521|1.0969|8
YKV|Yewwell Parkway|8|52.0126|-1.5310|3
YNV|Yewton|4|51.3958|0.0171|2
YOF|Yewborough Road|2|51.8618|1.1422|4
YOK|Yewwood|2|51.1255|0.8835|5
YPJ|Yewmoor Parkway|1|50.8898|0.9731|3
YTH|Yewmouth Bridge|5|52.1015|-0.2285|2
YWA|Yewmouth Junction|1|51.0129|-0.6375|2
YWN|Yewwick Bridge|5|51.3000|0.2004|8
YWX|Yewford Junction|5|51.2000|-1.5447|3
"""


def _parse(text):
    out = {}
    for line in text.splitlines():
        code, name, zone, lat, lon, change = line.split("|")
        out[code] = Station(code, name, int(zone), float(lat), float(lon), int(change))
    return out


STATIONS = _parse(_REGISTER)


class UnknownStation(KeyError):
    pass


def get(code):
    try:
        return STATIONS[code.upper()]
    except KeyError:
        raise UnknownStation(code) from None


def find(text):
    """The station called ``text`` (any case), or whose code is ``text``. A name that is the start of
    several station names means the one called exactly that."""
    text = text.strip()
    if text.upper() in STATIONS:
        return STATIONS[text.upper()]
    matches = sorted((s for s in STATIONS.values() if s.name.lower().startswith(text.lower())),
                     key=lambda s: s.code)
    if not matches:
        raise UnknownStation(text)
    return matches[0]
