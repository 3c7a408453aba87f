// Golden renderings of ArticleRenderer.render at 60, 100 and 160 columns: each
// line's plain text, trailing spaces shown as ␣. To update them after a deliberate change, run
// the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste them in.

enum ArticleGoldens: GoldenSet {
    static let group = "Article"
    static let goldens: [String: String] = [
        "accents 60": #"""
        Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴
        coffee
        Revue Métropole · by Zoë Müller
        2 hours ago · Sun 22 Nov 2026 10:00

        Åse, Niño and Françoise compared notes on crème brûlée.

        Read at https://example.fr/cafe

        o open · s share · save · b back
        """#,
        "accents 100": #"""
        Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
        Revue Métropole · by Zoë Müller
        2 hours ago · Sun 22 Nov 2026 10:00

        Åse, Niño and Françoise compared notes on crème brûlée.

        Read at https://example.fr/cafe

        o open · s share · save · b back
        """#,
        "accents 160": #"""
        Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
        Revue Métropole · by Zoë Müller
        2 hours ago · Sun 22 Nov 2026 10:00

        Åse, Niño and Françoise compared notes on crème brûlée.

        Read at https://example.fr/cafe

        o open · s share · save · b back
        """#,
        "arabic 60": #"""
        افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف
        كتاب
        الجريدة اليومية · by سارة أحمد
        2 Nov 2026 · Mon 2 Nov 2026 12:00

        قالت البلدية إنَّ المكتبةَ ستفتح أبوابها يوميًا من التاسعة
        صباحًا.

        Read at https://example.ae/culture/library

        o open · s share · save · b back
        """#,
        "arabic 100": #"""
        افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
        الجريدة اليومية · by سارة أحمد
        2 Nov 2026 · Mon 2 Nov 2026 12:00

        قالت البلدية إنَّ المكتبةَ ستفتح أبوابها يوميًا من التاسعة صباحًا.

        Read at https://example.ae/culture/library

        o open · s share · save · b back
        """#,
        "arabic 160": #"""
        افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
        الجريدة اليومية · by سارة أحمد
        2 Nov 2026 · Mon 2 Nov 2026 12:00

        قالت البلدية إنَّ المكتبةَ ستفتح أبوابها يوميًا من التاسعة صباحًا.

        Read at https://example.ae/culture/library

        o open · s share · save · b back
        """#,
        "chinese 60": #"""
        上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百
        分之四十
        新华科技 · by 李明
        yesterday · Sat 21 Nov 2026 06:00

        研究团队表示，这项技术有望在两年内用于电动汽车。

        Read at https://example.cn/tech/battery

        o open · s share · save · b back
        """#,
        "chinese 100": #"""
        上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
        新华科技 · by 李明
        yesterday · Sat 21 Nov 2026 06:00

        研究团队表示，这项技术有望在两年内用于电动汽车。

        Read at https://example.cn/tech/battery

        o open · s share · save · b back
        """#,
        "chinese 160": #"""
        上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
        新华科技 · by 李明
        yesterday · Sat 21 Nov 2026 06:00

        研究团队表示，这项技术有望在两年内用于电动汽车。

        Read at https://example.cn/tech/battery

        o open · s share · save · b back
        """#,
        "emoji 60": #"""
        Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
        for match 1️⃣ 🏳️‍🌈
        Stadium Daily 🏟️ · by Sam 👩🏽‍💻 Lee
        45 minutes ago · Sun 22 Nov 2026 11:15

        Supporters 🧑🏾‍🤝‍🧑🏻 sang for ninety minutes ⚽️; the fireworks 🎆
        lit up the sky.

        Read at https://example.org/sport/stadium

        o open · s share · save · b back
        """#,
        "emoji 100": #"""
        Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
        Stadium Daily 🏟️ · by Sam 👩🏽‍💻 Lee
        45 minutes ago · Sun 22 Nov 2026 11:15

        Supporters 🧑🏾‍🤝‍🧑🏻 sang for ninety minutes ⚽️; the fireworks 🎆 lit up the sky.

        Read at https://example.org/sport/stadium

        o open · s share · save · b back
        """#,
        "emoji 160": #"""
        Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
        Stadium Daily 🏟️ · by Sam 👩🏽‍💻 Lee
        45 minutes ago · Sun 22 Nov 2026 11:15

        Supporters 🧑🏾‍🤝‍🧑🏻 sang for ninety minutes ⚽️; the fireworks 🎆 lit up the sky.

        Read at https://example.org/sport/stadium

        o open · s share · save · b back
        """#,
        "hostile 60": #"""
        RED Markets crash today FAKE: all clear
        Evil Wire · by Mallory click me fdp.exe
        5 hours ago · Sun 22 Nov 2026 07:00

        Copy this now red and  done txt.exe isolated end

        First line
        Overwritten? TailNope
        end
        .

        Continues at
        https://evil.example/%1B%5B31mstory%07?id=1%E2%80%AE%C2%9B31m%0D
        Image https://evil.example/i.png#%1B%5BH%00

        o open · s share · save · b back
        """#,
        "hostile 100": #"""
        RED Markets crash today FAKE: all clear
        Evil Wire · by Mallory click me fdp.exe
        5 hours ago · Sun 22 Nov 2026 07:00

        Copy this now red and  done txt.exe isolated end

        First line
        Overwritten? TailNope
        end
        .

        Continues at https://evil.example/%1B%5B31mstory%07?id=1%E2%80%AE%C2%9B31m%0D
        Image https://evil.example/i.png#%1B%5BH%00

        o open · s share · save · b back
        """#,
        "hostile 160": #"""
        RED Markets crash today FAKE: all clear
        Evil Wire · by Mallory click me fdp.exe
        5 hours ago · Sun 22 Nov 2026 07:00

        Copy this now red and  done txt.exe isolated end

        First line
        Overwritten? TailNope
        end
        .

        Continues at https://evil.example/%1B%5B31mstory%07?id=1%E2%80%AE%C2%9B31m%0D
        Image https://evil.example/i.png#%1B%5BH%00

        o open · s share · save · b back
        """#,
        "japanese 60": #"""
        東京の研究チームが新しい量子コンピューターの試作機を公開、処
        理速度は従来の百倍に
        日本経済ニュース · by 山田 太郎
        3 hours ago · Sun 22 Nov 2026 08:55

        「実用化まであと一歩だ」と研究者は語った。試作機は来年、大学
        や企業に貸し出される予定です。

        Read at https://example.jp/news/quantum

        o open · s share · save · b back
        """#,
        "japanese 100": #"""
        東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
        日本経済ニュース · by 山田 太郎
        3 hours ago · Sun 22 Nov 2026 08:55

        「実用化まであと一歩だ」と研究者は語った。試作機は来年、大学や企業に貸し出される予定です。

        Read at https://example.jp/news/quantum

        o open · s share · save · b back
        """#,
        "japanese 160": #"""
        東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
        日本経済ニュース · by 山田 太郎
        3 hours ago · Sun 22 Nov 2026 08:55

        「実用化まであと一歩だ」と研究者は語った。試作機は来年、大学や企業に貸し出される予定です。

        Read at https://example.jp/news/quantum

        o open · s share · save · b back
        """#,
        "korean 60": #"""
        서울시, 한강 공원에 태양광 가로등 500개 설치 완료
        서울 일보
        3 days ago · Thu 19 Nov 2026 12:00

        한글 공원 이용객들은 밤에도 안전하게 산책할 수 있게 되었다.

        Read at https://example.kr/seoul/lights

        o open · s share · save · b back
        """#,
        "korean 100": #"""
        서울시, 한강 공원에 태양광 가로등 500개 설치 완료
        서울 일보
        3 days ago · Thu 19 Nov 2026 12:00

        한글 공원 이용객들은 밤에도 안전하게 산책할 수 있게 되었다.

        Read at https://example.kr/seoul/lights

        o open · s share · save · b back
        """#,
        "korean 160": #"""
        서울시, 한강 공원에 태양광 가로등 500개 설치 완료
        서울 일보
        3 days ago · Thu 19 Nov 2026 12:00

        한글 공원 이용객들은 밤에도 안전하게 산책할 수 있게 되었다.

        Read at https://example.kr/seoul/lights

        o open · s share · save · b back
        """#,
        "long 60": #"""
        A very long description
        The Long Read · by Ed Itor
        6 days ago · Mon 16 Nov 2026 12:00

        w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 東京
        大阪京都名古屋17 w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28
        w29 w30 w31 w32 🇯🇵👨‍👩‍👧33 w34 w35 w36 w37 w38 w39 w40 w41 w42
        w43 w44 w45 w46 w47 w48 w49
        supercalifragilisticexpialidocious-50-antidisestablishmentar
        ianism-50 w51 w52 w53 w54 w55 w56 w57 w58 w59 w60 w61 w62
        w63 w64 w65 w66 東京大阪京都名古屋67 w68 w69 w70 w71 w72 w73
        w74 w75 w76 w77 w78 w79 w80 w81 w82 🇯🇵👨‍👩‍👧83 w84 w85 w86 w87
        w88 w89 w90 w91 w92 w93 w94 w95 w96 w97 w98 w99
        supercalifragilisticexpialidocious-100-antidisestablishmenta
        rianism-100 w101 w102 w103 w104 w105 w106 w107 w108 w109
        w110 w111 w112 w113 w114 w115 w116 東京大阪京都名古屋117
        w118 w119 w120 w121 w122 w123 w124 w125 w126 w127 w128 w129
        w130 w131 w132 🇯🇵👨‍👩‍👧133 w134 w135 w136 w137 w138 w139 w140
        w141 w142 w143 w144 w145 w146 w147 w148 w149
        supercalifragilisticexpialidocious-150-antidisestablishmenta
        rianism-150 w151 w152 w153 w154 w155 w156 w157 w158 w159
        w160 w161 w162 w163 w164 w165 w166 東京大阪京都名古屋167
        w168 w169 w170 w171 w172 w173 w174 w175 w176 w177 w178 w179
        w180 w181 w182 🇯🇵👨‍👩‍👧183 w184 w185 w186 w187 w188 w189 w190
        w191 w192 w193 w194 w195 w196 w197 w198 w199
        supercalifragilisticexpialidocious-200-antidisestablishmenta
        rianism-200 w201 w202 w203 w204 w205 w206 w207 w208 w209
        w210 w211 w212 w213 w214 w215 w216 東京大阪京都名古屋217
        w218 w219 w220 w221 w222 w223 w224 w225 w226 w227 w228 w229
        w230 w231 w232 🇯🇵👨‍👩‍👧233 w234 w235 w236 w237 w238 w239 w240
        w241 w242 w243 w244 w245 w246 w247 w248 w249
        supercalifragilisticexpialidocious-250-antidisestablishmenta
        rianism-250 w251 w252 w253 w254 w255 w256 w257 w258 w259
        w260 w261 w262 w263 w264 w265 w266 東京大阪京都名古屋267
        w268 w269 w270 w271 w272 w273 w274 w275 w276 w277 w278 w279
        w280 w281 w282 🇯🇵👨‍👩‍👧283 w284 w285 w286 w287 w288 w289 w290
        w291 w292 w293 w294 w295 w296 w297 w298 w299
        supercalifragilisticexpialidocious-300-antidisestablishmenta
        rianism-300 w301 w302 w303 w304 w305 w306 w307 w308 w309
        w310 w311 w312 w313 w314 w315 w316 東京大阪京都名古屋317
        w318 w319 w320 w321 w322 w323 w324 w325 w326 w327 w328 w329
        w330 w331 w332 🇯🇵👨‍👩‍👧333 w334 w335 w336 w337 w338 w339 w340
        w341 w342 w343 w344 w345 w346 w347 w348 w349
        supercalifragilisticexpialidocious-350-antidisestablishmenta
        rianism-350 w351 w352 w353 w354 w355 w356 w357 w358 w359
        w360 w361 w362 w363 w364 w365 w366 東京大阪京都名古屋367
        w368 w369 w370 w371 w372 w373 w374 w375 w376 w377 w378 w379
        w380 w381 w382 🇯🇵👨‍👩‍👧383 w384 w385 w386 w387 w388 w389 w390
        w391 w392 w393 w394 w395 w396 w397 w398 w399
        supercalifragilisticexpialidocious-400-antidisestablishmenta
        rianism-400 w401 w402 w403 w404 w405 w406 w407 w408 w409
        w410 w411 w412 w413 w414 w415 w416 東京大阪京都名古屋417
        w418 w419 w420 w421 w422 w423 w424 w425 w426 w427 w428 w429
        w430 w431 w432 🇯🇵👨‍👩‍👧433 w434 w435 w436 w437 w438 w439 w440
        w441 w442 w443 w444 w445 w446 w447 w448 w449
        supercalifragilisticexpialidocious-450-antidisestablishmenta
        rianism-450 w451 w452 w453 w454 w455 w456 w457 w458 w459
        w460 w461 w462 w463 w464 w465 w466 東京大阪京都名古屋467
        w468 w469 w470 w471 w472 w473 w474 w475 w476 w477 w478 w479
        w480 w481 w482 🇯🇵👨‍👩‍👧483 w484 w485 w486 w487 w488 w489 w490
        w491 w492 w493 w494 w495 w496 w497 w498 w499
        supercalifragilisticexpialidocious-500-antidisestablishmenta
        rianism-500 w501 w502 w503 w504 w505 w506 w507 w508 w509
        w510 w511 w512 w513 w514 w515 w516 東京大阪京都名古屋517
        w518 w519 w520 w521 w522 w523 w524 w525 w526 w527 w528 w529
        w530 w531 w532 🇯🇵👨‍👩‍👧533 w534 w535 w536 w537 w538 w539 w540
        w541 w542 w543 w544 w545 w546 w547 w548 w549
        supercalifragilisticexpialidocious-550-antidisestablishmenta
        rianism-550 w551 w552 w553 w554 w555 w556 w557 w558 w559
        w560 w561 w562 w563 w564 w565 w566 東京大阪京都名古屋567
        w568 w569 w570 w571 w572 w573 w574 w575 w576 w577 w578 w579
        w580 w581 w582 🇯🇵👨‍👩‍👧583 w584 w585 w586 w587 w588 w589 w590
        w591 w592 w593 w594 w595 w596 w597 w598 w599
        supercalifragilisticexpialidocious-600-antidisestablishmenta
        rianism-600 w601 w602 w603 w604 w605 w606 w607 w608 w609
        w610 w611 w612 w613 w614 w615 w616 東京大阪京都名古屋617
        w618 w619 w620 w621 w622 w623 w624 w625 w626 w627 w628 w629
        w630 w631 w632 🇯🇵👨‍👩‍👧633 w634 w635 w636 w637 w638 w639 w640
        w641 w642 w643 w644 w645 w646 w647 w648 w649
        supercalifragilisticexpialidocious-650-antidisestablishmenta
        rianism-650 w651 w652 w653 w654 w655 w656 w657 w658 w659
        w660 w661 w662 w663 w664 w665 w666 東京大阪京都名古屋667
        w668 w669 w670 w671 w672 w673 w674 w675 w676 w677 w678 w679
        w680 w681 w682 🇯🇵👨‍👩‍👧683 w684 w685 w686 w687 w688 w689 w690
        w691 w692 w693 w694 w695 w696 w697 w698 w699
        supercalifragilisticexpialidocious-700-antidisestablishmenta
        rianism-700 w701 w702 w703 w704 w705 w706 w707 w708 w709
        w710 w711 w712 w713 w714 w715 w716 東京大阪京都名古屋717
        w718 w719 w720 w721 w722 w723 w724 w725 w726 w727 w728 w729
        w730 w731 w732 🇯🇵👨‍👩‍👧733 w734 w735 w736 w737 w738 w739 w740
        w741 w742 w743 w744 w745 w746 w747 w748 w749
        supercalifragilisticexpialidocious-750-antidisestablishmenta
        rianism-750 w751 w752 w753 w754 w755 w756 w757 w758 w759
        w760 w761 w762 w763 w764 w765 w766 東京大阪京都名古屋767
        w768 w769 w770 w771 w772 w773 w774 w775 w776 w777 w778 w779
        w780 w781 w782 🇯🇵👨‍👩‍👧783 w784 w785 w786 w787 w788 w789 w790
        w791 w792

        Read at https://example.org/long

        o open · s share · save · b back
        """#,
        "long 100": #"""
        A very long description
        The Long Read · by Ed Itor
        6 days ago · Mon 16 Nov 2026 12:00

        w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 東京大阪京都名古屋17 w18 w19 w20 w21 w22 w23
        w24 w25 w26 w27 w28 w29 w30 w31 w32 🇯🇵👨‍👩‍👧33 w34 w35 w36 w37 w38 w39 w40 w41 w42 w43 w44 w45 w46 w47
        w48 w49 supercalifragilisticexpialidocious-50-antidisestablishmentarianism-50 w51 w52 w53 w54 w55
        w56 w57 w58 w59 w60 w61 w62 w63 w64 w65 w66 東京大阪京都名古屋67 w68 w69 w70 w71 w72 w73 w74 w75 w76
        w77 w78 w79 w80 w81 w82 🇯🇵👨‍👩‍👧83 w84 w85 w86 w87 w88 w89 w90 w91 w92 w93 w94 w95 w96 w97 w98 w99
        supercalifragilisticexpialidocious-100-antidisestablishmentarianism-100 w101 w102 w103 w104 w105
        w106 w107 w108 w109 w110 w111 w112 w113 w114 w115 w116 東京大阪京都名古屋117 w118 w119 w120 w121
        w122 w123 w124 w125 w126 w127 w128 w129 w130 w131 w132 🇯🇵👨‍👩‍👧133 w134 w135 w136 w137 w138 w139 w140
        w141 w142 w143 w144 w145 w146 w147 w148 w149
        supercalifragilisticexpialidocious-150-antidisestablishmentarianism-150 w151 w152 w153 w154 w155
        w156 w157 w158 w159 w160 w161 w162 w163 w164 w165 w166 東京大阪京都名古屋167 w168 w169 w170 w171
        w172 w173 w174 w175 w176 w177 w178 w179 w180 w181 w182 🇯🇵👨‍👩‍👧183 w184 w185 w186 w187 w188 w189 w190
        w191 w192 w193 w194 w195 w196 w197 w198 w199
        supercalifragilisticexpialidocious-200-antidisestablishmentarianism-200 w201 w202 w203 w204 w205
        w206 w207 w208 w209 w210 w211 w212 w213 w214 w215 w216 東京大阪京都名古屋217 w218 w219 w220 w221
        w222 w223 w224 w225 w226 w227 w228 w229 w230 w231 w232 🇯🇵👨‍👩‍👧233 w234 w235 w236 w237 w238 w239 w240
        w241 w242 w243 w244 w245 w246 w247 w248 w249
        supercalifragilisticexpialidocious-250-antidisestablishmentarianism-250 w251 w252 w253 w254 w255
        w256 w257 w258 w259 w260 w261 w262 w263 w264 w265 w266 東京大阪京都名古屋267 w268 w269 w270 w271
        w272 w273 w274 w275 w276 w277 w278 w279 w280 w281 w282 🇯🇵👨‍👩‍👧283 w284 w285 w286 w287 w288 w289 w290
        w291 w292 w293 w294 w295 w296 w297 w298 w299
        supercalifragilisticexpialidocious-300-antidisestablishmentarianism-300 w301 w302 w303 w304 w305
        w306 w307 w308 w309 w310 w311 w312 w313 w314 w315 w316 東京大阪京都名古屋317 w318 w319 w320 w321
        w322 w323 w324 w325 w326 w327 w328 w329 w330 w331 w332 🇯🇵👨‍👩‍👧333 w334 w335 w336 w337 w338 w339 w340
        w341 w342 w343 w344 w345 w346 w347 w348 w349
        supercalifragilisticexpialidocious-350-antidisestablishmentarianism-350 w351 w352 w353 w354 w355
        w356 w357 w358 w359 w360 w361 w362 w363 w364 w365 w366 東京大阪京都名古屋367 w368 w369 w370 w371
        w372 w373 w374 w375 w376 w377 w378 w379 w380 w381 w382 🇯🇵👨‍👩‍👧383 w384 w385 w386 w387 w388 w389 w390
        w391 w392 w393 w394 w395 w396 w397 w398 w399
        supercalifragilisticexpialidocious-400-antidisestablishmentarianism-400 w401 w402 w403 w404 w405
        w406 w407 w408 w409 w410 w411 w412 w413 w414 w415 w416 東京大阪京都名古屋417 w418 w419 w420 w421
        w422 w423 w424 w425 w426 w427 w428 w429 w430 w431 w432 🇯🇵👨‍👩‍👧433 w434 w435 w436 w437 w438 w439 w440
        w441 w442 w443 w444 w445 w446 w447 w448 w449
        supercalifragilisticexpialidocious-450-antidisestablishmentarianism-450 w451 w452 w453 w454 w455
        w456 w457 w458 w459 w460 w461 w462 w463 w464 w465 w466 東京大阪京都名古屋467 w468 w469 w470 w471
        w472 w473 w474 w475 w476 w477 w478 w479 w480 w481 w482 🇯🇵👨‍👩‍👧483 w484 w485 w486 w487 w488 w489 w490
        w491 w492 w493 w494 w495 w496 w497 w498 w499
        supercalifragilisticexpialidocious-500-antidisestablishmentarianism-500 w501 w502 w503 w504 w505
        w506 w507 w508 w509 w510 w511 w512 w513 w514 w515 w516 東京大阪京都名古屋517 w518 w519 w520 w521
        w522 w523 w524 w525 w526 w527 w528 w529 w530 w531 w532 🇯🇵👨‍👩‍👧533 w534 w535 w536 w537 w538 w539 w540
        w541 w542 w543 w544 w545 w546 w547 w548 w549
        supercalifragilisticexpialidocious-550-antidisestablishmentarianism-550 w551 w552 w553 w554 w555
        w556 w557 w558 w559 w560 w561 w562 w563 w564 w565 w566 東京大阪京都名古屋567 w568 w569 w570 w571
        w572 w573 w574 w575 w576 w577 w578 w579 w580 w581 w582 🇯🇵👨‍👩‍👧583 w584 w585 w586 w587 w588 w589 w590
        w591 w592 w593 w594 w595 w596 w597 w598 w599
        supercalifragilisticexpialidocious-600-antidisestablishmentarianism-600 w601 w602 w603 w604 w605
        w606 w607 w608 w609 w610 w611 w612 w613 w614 w615 w616 東京大阪京都名古屋617 w618 w619 w620 w621
        w622 w623 w624 w625 w626 w627 w628 w629 w630 w631 w632 🇯🇵👨‍👩‍👧633 w634 w635 w636 w637 w638 w639 w640
        w641 w642 w643 w644 w645 w646 w647 w648 w649
        supercalifragilisticexpialidocious-650-antidisestablishmentarianism-650 w651 w652 w653 w654 w655
        w656 w657 w658 w659 w660 w661 w662 w663 w664 w665 w666 東京大阪京都名古屋667 w668 w669 w670 w671
        w672 w673 w674 w675 w676 w677 w678 w679 w680 w681 w682 🇯🇵👨‍👩‍👧683 w684 w685 w686 w687 w688 w689 w690
        w691 w692 w693 w694 w695 w696 w697 w698 w699
        supercalifragilisticexpialidocious-700-antidisestablishmentarianism-700 w701 w702 w703 w704 w705
        w706 w707 w708 w709 w710 w711 w712 w713 w714 w715 w716 東京大阪京都名古屋717 w718 w719 w720 w721
        w722 w723 w724 w725 w726 w727 w728 w729 w730 w731 w732 🇯🇵👨‍👩‍👧733 w734 w735 w736 w737 w738 w739 w740
        w741 w742 w743 w744 w745 w746 w747 w748 w749
        supercalifragilisticexpialidocious-750-antidisestablishmentarianism-750 w751 w752 w753 w754 w755
        w756 w757 w758 w759 w760 w761 w762 w763 w764 w765 w766 東京大阪京都名古屋767 w768 w769 w770 w771
        w772 w773 w774 w775 w776 w777 w778 w779 w780 w781 w782 🇯🇵👨‍👩‍👧783 w784 w785 w786 w787 w788 w789 w790
        w791 w792

        Read at https://example.org/long

        o open · s share · save · b back
        """#,
        "long 160": #"""
        A very long description
        The Long Read · by Ed Itor
        6 days ago · Mon 16 Nov 2026 12:00

        w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 東京大阪京都名古屋17 w18 w19 w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 w30 w31 w32 🇯🇵👨‍👩‍👧33 w34 w35 w36 w37
        w38 w39 w40 w41 w42 w43 w44 w45 w46 w47 w48 w49 supercalifragilisticexpialidocious-50-antidisestablishmentarianism-50 w51 w52 w53 w54 w55 w56 w57 w58 w59 w60
        w61 w62 w63 w64 w65 w66 東京大阪京都名古屋67 w68 w69 w70 w71 w72 w73 w74 w75 w76 w77 w78 w79 w80 w81 w82 🇯🇵👨‍👩‍👧83 w84 w85 w86 w87 w88 w89 w90 w91 w92 w93 w94 w95
        w96 w97 w98 w99 supercalifragilisticexpialidocious-100-antidisestablishmentarianism-100 w101 w102 w103 w104 w105 w106 w107 w108 w109 w110 w111 w112 w113 w114
        w115 w116 東京大阪京都名古屋117 w118 w119 w120 w121 w122 w123 w124 w125 w126 w127 w128 w129 w130 w131 w132 🇯🇵👨‍👩‍👧133 w134 w135 w136 w137 w138 w139 w140 w141 w142
        w143 w144 w145 w146 w147 w148 w149 supercalifragilisticexpialidocious-150-antidisestablishmentarianism-150 w151 w152 w153 w154 w155 w156 w157 w158 w159 w160
        w161 w162 w163 w164 w165 w166 東京大阪京都名古屋167 w168 w169 w170 w171 w172 w173 w174 w175 w176 w177 w178 w179 w180 w181 w182 🇯🇵👨‍👩‍👧183 w184 w185 w186 w187 w188
        w189 w190 w191 w192 w193 w194 w195 w196 w197 w198 w199 supercalifragilisticexpialidocious-200-antidisestablishmentarianism-200 w201 w202 w203 w204 w205 w206
        w207 w208 w209 w210 w211 w212 w213 w214 w215 w216 東京大阪京都名古屋217 w218 w219 w220 w221 w222 w223 w224 w225 w226 w227 w228 w229 w230 w231 w232 🇯🇵👨‍👩‍👧233 w234
        w235 w236 w237 w238 w239 w240 w241 w242 w243 w244 w245 w246 w247 w248 w249 supercalifragilisticexpialidocious-250-antidisestablishmentarianism-250 w251 w252
        w253 w254 w255 w256 w257 w258 w259 w260 w261 w262 w263 w264 w265 w266 東京大阪京都名古屋267 w268 w269 w270 w271 w272 w273 w274 w275 w276 w277 w278 w279 w280
        w281 w282 🇯🇵👨‍👩‍👧283 w284 w285 w286 w287 w288 w289 w290 w291 w292 w293 w294 w295 w296 w297 w298 w299
        supercalifragilisticexpialidocious-300-antidisestablishmentarianism-300 w301 w302 w303 w304 w305 w306 w307 w308 w309 w310 w311 w312 w313 w314 w315 w316 東京大阪
        京都名古屋317 w318 w319 w320 w321 w322 w323 w324 w325 w326 w327 w328 w329 w330 w331 w332 🇯🇵👨‍👩‍👧333 w334 w335 w336 w337 w338 w339 w340 w341 w342 w343 w344 w345
        w346 w347 w348 w349 supercalifragilisticexpialidocious-350-antidisestablishmentarianism-350 w351 w352 w353 w354 w355 w356 w357 w358 w359 w360 w361 w362 w363
        w364 w365 w366 東京大阪京都名古屋367 w368 w369 w370 w371 w372 w373 w374 w375 w376 w377 w378 w379 w380 w381 w382 🇯🇵👨‍👩‍👧383 w384 w385 w386 w387 w388 w389 w390 w391
        w392 w393 w394 w395 w396 w397 w398 w399 supercalifragilisticexpialidocious-400-antidisestablishmentarianism-400 w401 w402 w403 w404 w405 w406 w407 w408 w409
        w410 w411 w412 w413 w414 w415 w416 東京大阪京都名古屋417 w418 w419 w420 w421 w422 w423 w424 w425 w426 w427 w428 w429 w430 w431 w432 🇯🇵👨‍👩‍👧433 w434 w435 w436 w437
        w438 w439 w440 w441 w442 w443 w444 w445 w446 w447 w448 w449 supercalifragilisticexpialidocious-450-antidisestablishmentarianism-450 w451 w452 w453 w454 w455
        w456 w457 w458 w459 w460 w461 w462 w463 w464 w465 w466 東京大阪京都名古屋467 w468 w469 w470 w471 w472 w473 w474 w475 w476 w477 w478 w479 w480 w481 w482 🇯🇵👨‍👩‍👧483
        w484 w485 w486 w487 w488 w489 w490 w491 w492 w493 w494 w495 w496 w497 w498 w499 supercalifragilisticexpialidocious-500-antidisestablishmentarianism-500 w501
        w502 w503 w504 w505 w506 w507 w508 w509 w510 w511 w512 w513 w514 w515 w516 東京大阪京都名古屋517 w518 w519 w520 w521 w522 w523 w524 w525 w526 w527 w528 w529
        w530 w531 w532 🇯🇵👨‍👩‍👧533 w534 w535 w536 w537 w538 w539 w540 w541 w542 w543 w544 w545 w546 w547 w548 w549
        supercalifragilisticexpialidocious-550-antidisestablishmentarianism-550 w551 w552 w553 w554 w555 w556 w557 w558 w559 w560 w561 w562 w563 w564 w565 w566 東京大阪
        京都名古屋567 w568 w569 w570 w571 w572 w573 w574 w575 w576 w577 w578 w579 w580 w581 w582 🇯🇵👨‍👩‍👧583 w584 w585 w586 w587 w588 w589 w590 w591 w592 w593 w594 w595
        w596 w597 w598 w599 supercalifragilisticexpialidocious-600-antidisestablishmentarianism-600 w601 w602 w603 w604 w605 w606 w607 w608 w609 w610 w611 w612 w613
        w614 w615 w616 東京大阪京都名古屋617 w618 w619 w620 w621 w622 w623 w624 w625 w626 w627 w628 w629 w630 w631 w632 🇯🇵👨‍👩‍👧633 w634 w635 w636 w637 w638 w639 w640 w641
        w642 w643 w644 w645 w646 w647 w648 w649 supercalifragilisticexpialidocious-650-antidisestablishmentarianism-650 w651 w652 w653 w654 w655 w656 w657 w658 w659
        w660 w661 w662 w663 w664 w665 w666 東京大阪京都名古屋667 w668 w669 w670 w671 w672 w673 w674 w675 w676 w677 w678 w679 w680 w681 w682 🇯🇵👨‍👩‍👧683 w684 w685 w686 w687
        w688 w689 w690 w691 w692 w693 w694 w695 w696 w697 w698 w699 supercalifragilisticexpialidocious-700-antidisestablishmentarianism-700 w701 w702 w703 w704 w705
        w706 w707 w708 w709 w710 w711 w712 w713 w714 w715 w716 東京大阪京都名古屋717 w718 w719 w720 w721 w722 w723 w724 w725 w726 w727 w728 w729 w730 w731 w732 🇯🇵👨‍👩‍👧733
        w734 w735 w736 w737 w738 w739 w740 w741 w742 w743 w744 w745 w746 w747 w748 w749 supercalifragilisticexpialidocious-750-antidisestablishmentarianism-750 w751
        w752 w753 w754 w755 w756 w757 w758 w759 w760 w761 w762 w763 w764 w765 w766 東京大阪京都名古屋767 w768 w769 w770 w771 w772 w773 w774 w775 w776 w777 w778 w779
        w780 w781 w782 🇯🇵👨‍👩‍👧783 w784 w785 w786 w787 w788 w789 w790 w791 w792

        Read at https://example.org/long

        o open · s share · save · b back
        """#,
        "picture 60": #"""
        Port Avalen exporters trial bitcoin settlement for overseas
        invoices
        Kestrel Wire Service · by Priya Raman · Saved
        18 minutes ago · Sun 22 Nov 2026 11:42

        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀

        Twelve small exporters will settle part of their foreign
        invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle
        a portion of their overseas invoices in bitcoin during a
        six-month trial organised by the local chamber of commerce.
        Participants, most…

        Continues at
        https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image
        https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · unsave · b back
        """#,
        "picture 100": #"""
        Port Avalen exporters trial bitcoin settlement for overseas invoices
        Kestrel Wire Service · by Priya Raman · Saved
        18 minutes ago · Sun 22 Nov 2026 11:42

        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀

        Twelve small exporters will settle part of their foreign invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas invoices in
        bitcoin during a six-month trial organised by the local chamber of commerce. Participants, most…

        Continues at https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · unsave · b back
        """#,
        "picture 160": #"""
        Port Avalen exporters trial bitcoin settlement for overseas invoices
        Kestrel Wire Service · by Priya Raman · Saved
        18 minutes ago · Sun 22 Nov 2026 11:42

        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
        ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀

        Twelve small exporters will settle part of their foreign invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas invoices in bitcoin during a six-month trial organised by the local
        chamber of commerce. Participants, most…

        Continues at https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · unsave · b back
        """#,
        "plain 60": #"""
        Volunteers plant 12,000 trees along the River Alder in a
        single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43

        More than 1,500 people joined the planting, organised by a
        local rivers trust to shade the water for fish and reduce
        erosion.

        More than 1,500 people joined the planting on Saturday and
        Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        """#,
        "plain 100": #"""
        Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43

        More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for
        fish and reduce erosion.

        More than 1,500 people joined the planting on Saturday and Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        """#,
        "plain 160": #"""
        Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43

        More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.

        More than 1,500 people joined the planting on Saturday and Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        """#,
        "skipped 60": #"""
        Volunteers plant 12,000 trees along the River Alder in a
        single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43
        Image skipped: The image is not a JPEG or PNG file.

        More than 1,500 people joined the planting, organised by a
        local rivers trust to shade the water for fish and reduce
        erosion.

        More than 1,500 people joined the planting on Saturday and
        Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        ────
        Council meeting moved to Thursday
        Saved

        Read at https://example.org/local/council

        o open · s share · unsave · b back
        """#,
        "skipped 100": #"""
        Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43
        Image skipped: The image is not a JPEG or PNG file.

        More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for
        fish and reduce erosion.

        More than 1,500 people joined the planting on Saturday and Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        ────
        Council meeting moved to Thursday
        Saved

        Read at https://example.org/local/council

        o open · s share · unsave · b back
        """#,
        "skipped 160": #"""
        Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
        Northfield Courier · by Ada Byrne
        17 minutes ago · Sun 22 Nov 2026 11:43
        Image skipped: The image is not a JPEG or PNG file.

        More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.

        More than 1,500 people joined the planting on Saturday and Sunday.

        Read at https://example.org/news/volunteers-plant-trees
        Image https://example.org/images/volunteers-plant-trees.jpg

        o open · s share · save · b back
        ────
        Council meeting moved to Thursday
        Saved

        Read at https://example.org/local/council

        o open · s share · unsave · b back
        """#,
        "sparse 60": #"""
        Council meeting moved to Thursday

        Read at https://example.org/local/council

        o open · s share · save · b back
        """#,
        "sparse 100": #"""
        Council meeting moved to Thursday

        Read at https://example.org/local/council

        o open · s share · save · b back
        """#,
        "sparse 160": #"""
        Council meeting moved to Thursday

        Read at https://example.org/local/council

        o open · s share · save · b back
        """#,
        "truncated 60": #"""
        Port Avalen exporters trial bitcoin settlement for overseas
        invoices
        Kestrel Wire Service · by Priya Raman
        18 minutes ago · Sun 22 Nov 2026 11:42

        Twelve small exporters will settle part of their foreign
        invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle
        a portion of their overseas invoices in bitcoin during a
        six-month trial organised by the local chamber of commerce.
        Participants, most…

        Continues at
        https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image
        https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · save · b back
        """#,
        "truncated 100": #"""
        Port Avalen exporters trial bitcoin settlement for overseas invoices
        Kestrel Wire Service · by Priya Raman
        18 minutes ago · Sun 22 Nov 2026 11:42

        Twelve small exporters will settle part of their foreign invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas invoices in
        bitcoin during a six-month trial organised by the local chamber of commerce. Participants, most…

        Continues at https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · save · b back
        """#,
        "truncated 160": #"""
        Port Avalen exporters trial bitcoin settlement for overseas invoices
        Kestrel Wire Service · by Priya Raman
        18 minutes ago · Sun 22 Nov 2026 11:42

        Twelve small exporters will settle part of their foreign invoices in bitcoin for six months.

        PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas invoices in bitcoin during a six-month trial organised by the local
        chamber of commerce. Participants, most…

        Continues at https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement
        Image https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg

        o open · s share · save · b back
        """#,
    ]
}
