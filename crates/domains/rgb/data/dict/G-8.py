'G-8': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': "╶┬─┬─┬─┬─┬╴\n"  # 0
             " │ │ │ │ │ \n"  # 1
             " ├─┼─┼─┼─┤ \n"  # 2
             " │ │ │ │ │ \n"  # 3
             " ├─┼─┼─┼─┤ \n"  # 4
             " │ │ │ │ │ \n"  # 5
             " ├─┴─┼─┴─┤ \n"  # 6
             " │   │   │ \n"  # 7
             " ╵   ╵   ╵ ",   # 8
    'Trucks': [
        Truck(0, Color.Red, Dir.Up, (8, 1)),
        Truck(1, Color.Blue, Dir.Up, (8, 5)),
        Truck(2, Color.Green, Dir.Up, (8, 9))
    ],
    'Items': {
        Color.Red: [(4, 1)],
        Color.Green: [(3, 3)],
        Color.Blue: [(2, 4), (4, 9)],
    },
    'Cargos': {
        Color.Red: [(0, 6)],
        Color.Green: [(0, 4)],
        Color.Blue: [(0, 2), (0, 8)],
    }
},
